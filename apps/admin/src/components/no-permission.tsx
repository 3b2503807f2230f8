import { LazyResult } from './lazy-result';
import { useTranslation } from 'react-i18next';

export const NoPermission = () => {
  const { t } = useTranslation('common');
  return <LazyResult status="403" title={t('forbidden.title')} subTitle={t('forbidden.text')} />;
};
