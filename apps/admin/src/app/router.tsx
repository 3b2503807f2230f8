import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, useNavigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { onAppEvent } from '../lib/events';
import { loginPathFor } from '../lib/login-path';
import { lazyPage } from '../lib/resource';
import { RESOURCES } from './resources';
import { withErrorPages } from './route-error';

// Everything behind the sign-in loads on demand; the login screen is its own chunk.
export const ProtectedLayout = lazyPage(
  () => import('./protected-layout'),
  (module) => module.ProtectedLayout,
);
export const ScreenRoute = lazyPage(
  () => import('./screen-route'),
  (module) => module.ScreenRoute,
);
const LoginPage = lazy(() =>
  import('../features/auth/pages/login-page').then((module) => ({ default: module.LoginPage })),
);
const ResetPasswordPage = lazy(() =>
  import('../features/users/pages/reset-password-page').then((module) => ({
    default: module.ResetPasswordPage,
  })),
);
const NotFoundPage = lazy(() =>
  import('../components/not-found-page').then((module) => ({ default: module.NotFoundPage })),
);
// The media picker popup: signed in, but without the layout around it.
const MediaPickerRoute = lazy(() =>
  Promise.all([import('./guards'), import('../features/media/pages/media-picker-page')]).then(
    ([guards, picker]) => ({
      default: () => (
        <guards.RequireAuth>
          <picker.MediaPickerPage />
        </guards.RequireAuth>
      ),
    }),
  ),
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

const resourceRoutes: RouteObject[] = RESOURCES.flatMap((resource) =>
  resource.screens.flatMap((screen) =>
    screen.paths.map((path) => ({
      path,
      element: (
        <ScreenRoute
          screen={screen}
          path={path}
          permission={screen.permission ?? resource.permission}
        />
      ),
    })),
  ),
);

// Every route, the layout's and each screen's, shows the friendly error page: a screen's
// error keeps the sidebar around it, the layout's replaces the whole page.
export const routes: RouteObject[] = withErrorPages([
  {
    element: <Root />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/media/picker', element: <MediaPickerRoute /> },
      { element: <ProtectedLayout />, children: resourceRoutes },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export const createRouter = () => createBrowserRouter(routes);
