import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const redirectsResource: ResourceDefinition = {
  name: 'redirects',
  section: 'settings',
  permission: 'manage-redirects',
  screens: [
    {
      paths: ['/settings/redirect'],
      labelKey: 'layout:nav.redirects',
      page: lazy(() =>
        import('./pages/redirects-page').then((module) => ({ default: module.RedirectsPage })),
      ),
    },
  ],
};
