import { App } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../lib/api-client';

/** The texts to show for a failed call: the server's own messages (they name what went wrong), else the screen's generic fallback; a 403 always gets the fallback. */
export const errorTexts = (error: unknown, fallback: string): string[] => {
  if (isApiError(error) && error.status !== 403 && error.messages.length > 0) return error.messages;
  return [fallback];
};

/** Success and error notices of every create, update and delete. */
export const useNotices = () => {
  const { message } = App.useApp();
  const { t } = useTranslation('common');
  // one object while the language stays, so the handlers that use it can be memoized
  return useMemo(
    () => ({
      success: (text: string) => void message.success(text),
      created: () => void message.success(t('notices.created')),
      updated: () => void message.success(t('notices.updated')),
      deleted: (count = 1) => void message.success(t('notices.deleted', { count })),
      error: (error: unknown) => {
        // a 403 already has its "no permission" notice from the app shell
        if (isApiError(error) && error.status === 403 && error.code !== 'password_change_required')
          return;
        void message.error(errorTexts(error, t('notices.tryAgain')).join(' '));
      },
    }),
    [message, t],
  );
};
