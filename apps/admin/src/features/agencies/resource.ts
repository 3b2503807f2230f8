import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const agenciesResource: ResourceDefinition = {
  name: 'agencies',
  section: 'agencies',
  permission: 'agencies.list',
  screens: [
    {
      paths: ['/agencies', '/agencies/manager'],
      labelKey: 'layout:nav.agencies',
      page: lazy(() => import('./pages/agencies-page').then((m) => ({ default: m.AgenciesPage }))),
      // the attached users' status reads as the users screen says it
      namespaces: ['users'],
    },
  ],
};
