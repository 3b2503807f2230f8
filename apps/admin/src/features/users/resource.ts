import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

const pages = () => import('./pages/users-page');

export const usersResource: ResourceDefinition = {
  name: 'users',
  section: 'users',
  permission: 'users.list',
  screens: [
    {
      paths: ['/users/list', '/users'],
      labelKey: 'users:nav.staff',
      page: lazy(() => pages().then((m) => ({ default: m.StaffPage }))),
    },
    {
      paths: ['/users/client'],
      labelKey: 'users:nav.clients',
      page: lazy(() => pages().then((m) => ({ default: m.ClientsPage }))),
    },
    {
      paths: ['/users/role'],
      labelKey: 'users:nav.roles',
      permission: ['manage-roles', 'manage-admins-access'],
      page: lazy(() => import('./pages/roles-page').then((m) => ({ default: m.RolesPage }))),
    },
    {
      paths: ['/users/permissions'],
      labelKey: 'users:nav.permissions',
      permission: 'manage-admins-access',
      page: lazy(() =>
        import('./pages/permissions-page').then((m) => ({ default: m.PermissionsPage })),
      ),
    },
    {
      paths: ['/users/outbox'],
      labelKey: 'users:nav.outbox',
      permission: 'manage-admins-access',
      page: lazy(() => import('./pages/outbox-page').then((m) => ({ default: m.OutboxPage }))),
    },
  ],
};
