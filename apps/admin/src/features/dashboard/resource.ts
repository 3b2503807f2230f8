import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const dashboardResource: ResourceDefinition = {
  name: 'dashboard',
  section: 'dashboard',
  screens: [
    {
      paths: ['/dashboard', '/', '/dashboard/home'],
      labelKey: 'layout:nav.dashboard',
      page: lazy(() =>
        import('./pages/dashboard-page').then((module) => ({ default: module.DashboardPage })),
      ),
    },
  ],
};
