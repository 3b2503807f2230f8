import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const auditResource: ResourceDefinition = {
  name: 'audit',
  section: 'users',
  permission: 'audit.list',
  screens: [
    {
      paths: ['/users/audit'],
      labelKey: 'audit:nav',
      page: lazy(() =>
        import('./pages/audit-page').then((module) => ({ default: module.AuditPage })),
      ),
    },
  ],
};
