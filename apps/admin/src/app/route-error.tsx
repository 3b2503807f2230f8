import { Button, Space, Typography } from 'antd';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type RouteObject, useNavigate, useRouteError } from 'react-router';

const RouteErrorContent = () => {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  return (
    // Inside the layout, whose own main landmark holds it (a second main would confuse screen
    // readers); announced as an alert when it appears.
    <div
      data-testid="route-error"
      role="alert"
      style={{
        minHeight: '60vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
      }}
    >
      <div style={{ textAlign: 'center', maxWidth: 520 }}>
        <Typography.Title level={1}>{t('routeError.title')}</Typography.Title>
        <Typography.Paragraph style={{ fontSize: 16 }}>{t('routeError.text')}</Typography.Paragraph>
        <Space wrap style={{ justifyContent: 'center' }}>
          <Button type="primary" size="large" onClick={() => void navigate('/')}>
            {t('routeError.backHome')}
          </Button>
          <Button size="large" onClick={() => window.location.reload()}>
            {t('routeError.reload')}
          </Button>
        </Space>
      </div>
    </div>
  );
};

/**
 * What a route shows when its screen throws (while loading its code or rendering): a page in
 * the reader's language with a way back home and a reload, instead of the router's developer
 * page. The error goes to the console for whoever looks into it. The other routes keep working:
 * the next navigation from the sidebar clears it.
 */
export const RouteErrorPage = () => {
  const error = useRouteError();
  useEffect(() => {
    console.error('[admin] a screen failed:', error);
  }, [error]);
  return (
    <Suspense fallback={null}>
      <RouteErrorContent />
    </Suspense>
  );
};

/** Gives every route of the tree the friendly error page, unless it declares its own. */
export const withErrorPages = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => {
    const withPage = { ...route, errorElement: route.errorElement ?? <RouteErrorPage /> };
    return route.children ? { ...withPage, children: withErrorPages(route.children) } : withPage;
  }) as RouteObject[];
