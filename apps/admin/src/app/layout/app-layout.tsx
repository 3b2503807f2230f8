import { Drawer, Layout, theme } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { SiteLogo, siteLogoFor } from '../../components/site-logo';
import { FALLBACK_SITE_NAME, useSite } from '../../lib/site';
import { usePreferences } from '../../lib/preferences';
import { SidebarMenu } from './sidebar';
import { TopBar } from './top-bar';
import { BREAKPOINTS, useViewportWidth } from './use-viewport';

/** Sidebar (collapsed under 1440px, a drawer under 768px), top bar and the screen (Layout.Content is the <main>). */
export const AppLayout = () => {
  const width = useViewportWidth();
  const isMobile = width < BREAKPOINTS.mobile;
  const isNarrow = width < BREAKPOINTS.desktop;
  // collapsed by default under 1440px; a toggle holds until the width crosses the breakpoint
  const [override, setOverride] = useState<{ narrow: boolean; collapsed: boolean } | null>(null);
  const collapsed = override && override.narrow === isNarrow ? override.collapsed : isNarrow;
  const [drawerWanted, setDrawerOpen] = useState(false);
  const drawerOpen = isMobile && drawerWanted;
  const { token } = theme.useToken();
  const { theme: mode } = usePreferences();
  const { data: site } = useSite();
  // the layout draws before its texts arrive; the sidebar's landmark is named once they do
  const { t, ready } = useTranslation('layout', { useSuspense: false });
  const navLabel = ready ? t('nav.label') : undefined;

  const siteName = site?.site_name || FALLBACK_SITE_NAME;
  const logo = siteLogoFor(site, mode === 'dark');
  const brand = (small: boolean) => (
    <div
      style={{
        height: 56,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 20px',
        fontWeight: 700,
        fontSize: 16,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        color: token.colorText,
      }}
    >
      {/* A wide logo keeps its proportions within the sidebar; a long name ends with "…". */}
      <SiteLogo
        site={site}
        dark={mode === 'dark'}
        style={{ height: 28, maxWidth: 150, objectFit: 'contain', flexShrink: 0 }}
      />
      {small && logo ? null : (
        <span
          title={siteName}
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}
        >
          {small ? siteName.slice(0, 2) : siteName}
        </span>
      )}
    </div>
  );

  const toggleMenu = () =>
    isMobile
      ? setDrawerOpen(!drawerOpen)
      : setOverride({ narrow: isNarrow, collapsed: !collapsed });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      {isMobile ? (
        <Drawer
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          placement={document.documentElement.dir === 'rtl' ? 'right' : 'left'}
          size={260}
          styles={{ body: { padding: 0 } }}
          title={siteName}
        >
          <nav aria-label={navLabel}>
            <Suspense fallback={null}>
              <SidebarMenu onNavigate={() => setDrawerOpen(false)} />
            </Suspense>
          </nav>
        </Drawer>
      ) : (
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={240}
          theme={mode === 'dark' ? 'dark' : 'light'}
          style={{
            borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
            background: token.colorBgContainer,
          }}
        >
          {brand(collapsed)}
          <nav aria-label={navLabel}>
            {/* The menu waits for its texts and the post types it lists; the screen does not wait for it. */}
            <Suspense fallback={null}>
              <SidebarMenu collapsed={collapsed} />
            </Suspense>
          </nav>
        </Layout.Sider>
      )}
      <Layout>
        <TopBar collapsed={isMobile ? !drawerOpen : collapsed} onToggleMenu={toggleMenu} />
        <Layout.Content style={{ padding: isMobile ? 12 : 24 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
        <Layout.Footer
          style={{ textAlign: 'center', color: token.colorTextSecondary, padding: '12px 24px' }}
        >
          © {new Date().getFullYear()} {siteName}
        </Layout.Footer>
      </Layout>
    </Layout>
  );
};
