import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export const NoPermission = () => {
  const { t } = useTranslation('common');
  return <Result status="403" title={t('forbidden.title')} subTitle={t('forbidden.text')} />;
};
