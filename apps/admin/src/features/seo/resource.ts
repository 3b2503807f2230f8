import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

export const seoResource: ResourceDefinition = {
  name: 'seo',
  section: 'seo',
  permission: 'seos.list',
  screens: [
    {
      paths: ['/seo', '/seo/manager'],
      labelKey: 'layout:nav.seo',
      page: lazy(() => import('./pages/seo-page').then((module) => ({ default: module.SeoPage }))),
    },
  ],
};
