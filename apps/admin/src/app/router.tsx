import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Outlet, type RouteObject, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { NotFoundPage } from '../components/not-found-page';
import { onAppEvent } from '../lib/events';
import { namespaceOf, type ResourceScreen } from '../lib/resource';
import { loginPathFor, RequireAuth, Screen } from './guards';
import { RESOURCES } from './resources';

const AppLayout = lazy(() => import('./layout/app-layout').then((module) => ({ default: module.AppLayout })));
const LoginPage = lazy(() => import('../features/auth/pages/login-page').then((module) => ({ default: module.LoginPage })));
// The media picker popup (issue 5): signed in, but without the layout around it.
const MediaPickerPage = lazy(() =>
  import('../features/media/pages/media-picker-page').then((module) => ({ default: module.MediaPickerPage })),
);

/** On a refused session: clear the cache and go to /login, coming back here afterwards. */
const SessionWatcher = () => {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onAppEvent((event) => {
        if (event.type !== 'signed-out') return;
        queryClient.clear();
        const target = event.reason === 'logout' ? '/login' : loginPathFor(window.location);
        void navigate(target, { replace: true });
      }),
    [navigate, queryClient],
  );
  return null;
};

const Root = () => (
  <>
    <SessionWatcher />
    <Suspense fallback={<LoadingScreen />}>
      <Outlet />
    </Suspense>
  </>
);

const ScreenRoute = ({ screen, permission }: { screen: ResourceScreen; permission: ResourceScreen['permission'] }) => {
  const { t } = useTranslation(namespaceOf(screen.labelKey));
  const Page = screen.page;
  return (
    <Screen permission={permission} title={t(screen.labelKey)}>
      <Page />
    </Screen>
  );
};

const resourceRoutes: RouteObject[] = RESOURCES.flatMap((resource) =>
  resource.screens.flatMap((screen) =>
    screen.paths.map((path) => ({
      path,
      element: <ScreenRoute screen={screen} permission={screen.permission ?? resource.permission} />,
    })),
  ),
);

export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      {
        path: '/media/picker',
        element: (
          <RequireAuth>
            <MediaPickerPage />
          </RequireAuth>
        ),
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: resourceRoutes,
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
