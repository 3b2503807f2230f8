import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The inline fallback while a screen's code or texts load. */
export const PageLoader = () => {
  // it may show before the texts it would name itself with: English until they arrive
  const { t, ready } = useTranslation('common', { useSuspense: false });
  return (
    <div
      style={{ display: 'flex', justifyContent: 'center', padding: 64 }}
      role="status"
      aria-label={ready ? t('loading') : 'Loading'}
    >
      <Spin size="large" />
    </div>
  );
};
