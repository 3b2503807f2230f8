import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { onAppEvent } from '../lib/events';

/** Shows the api client's "no permission" notice. (Navigation on sign-out lives in the router.) */
export const AppEvents = () => {
  const { notification } = App.useApp();
  const { t } = useTranslation('common');
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type === 'forbidden') {
          notification.warning({
            key: 'forbidden',
            title: t('forbidden.title'),
            description: event.message || t('forbidden.text'),
          });
        }
      }),
    [notification, t],
  );
  return null;
};
