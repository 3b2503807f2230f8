import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const languagesResource: ResourceDefinition = {
  name: 'languages',
  section: 'languages',
  permission: 'manage-languages',
  screens: [
    {
      paths: ['/languages/manager', '/languages'],
      labelKey: 'layout:nav.languages',
      page: lazy(() =>
        import('./pages/languages-page').then((module) => ({ default: module.LanguagesPage })),
      ),
    },
  ],
};
