// A page of the admin's generic pieces with in-memory data, built and opened by
// e2e/generic-screens.test.ts only: it is not part of the admin app.
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Providers } from '../../../apps/admin/src/app/providers';
import '../../../apps/admin/src/i18n';
import { GenericScreens } from './generic-screens';

const router = createMemoryRouter([{ path: '/', element: <GenericScreens /> }]);

createRoot(document.getElementById('root')!).render(
  <Providers>
    <RouterProvider router={router} />
  </Providers>,
);
