import { Progress } from 'antd';
import { useEffect, useState } from 'react';
import { useSite } from '../lib/site';

/** Spec §1: the site logo (125px wide, when set) with a progress indicator. */
export const LoadingScreen = () => {
  const { data: site } = useSite();
  const [percent, setPercent] = useState(10);
  useEffect(() => {
    const timer = window.setInterval(() => setPercent((value) => Math.min(95, value + (100 - value) / 8)), 200);
    return () => window.clearInterval(timer);
  }, []);
  const dark = document.documentElement.dataset.theme === 'dark';
  const logo = (dark ? site?.site_logo_dark : null) ?? site?.site_logo;
  return (
    <div
      role="status"
      aria-live="polite"
      aria-label="Loading"
      data-testid="loading-screen"
      style={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 24,
      }}
    >
      {logo ? <img src={logo} alt={site?.site_name ?? ''} style={{ width: 125, height: 'auto' }} /> : null}
      <Progress percent={Math.round(percent)} showInfo={false} style={{ width: 200 }} size="small" />
    </div>
  );
};
