import { theme } from 'antd';
import { useSite } from '../lib/site';
import { SiteLogo } from './site-logo';

/** The site logo (125px wide, when set) with a progress indicator. Light on purpose: it shows first. */
export const LoadingScreen = () => {
  const { data: site } = useSite();
  const { token } = theme.useToken();
  const dark = document.documentElement.dataset.theme === 'dark';
  return (
    <div
      role="status"
      aria-live="polite"
      aria-busy="true"
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
      <style>{`@keyframes bo-progress { 0% { transform: translateX(-100%); } 100% { transform: translateX(250%); } }`}</style>
      <SiteLogo site={site} dark={dark} alt={site?.site_name ?? ''} style={{ width: 125 }} />
      <div
        role="progressbar"
        aria-label="Loading"
        style={{
          width: 200,
          height: 4,
          borderRadius: 2,
          overflow: 'hidden',
          background: token.colorFillSecondary,
        }}
      >
        <div
          style={{
            width: '40%',
            height: '100%',
            borderRadius: 2,
            background: token.colorPrimary,
            animation: 'bo-progress 1.2s ease-in-out infinite',
          }}
        />
      </div>
    </div>
  );
};
