import { AppLayout } from './layout/app-layout';
import { RequireAuth } from './guards';

/** The signed-in part of the app, loaded on demand (the login screen does not need it). */
export const ProtectedLayout = () => (
  <RequireAuth>
    <AppLayout />
  </RequireAuth>
);
