import { lazy } from 'react';
import type { ResourceDefinition } from '../../lib/resource';

/** Where the website is told of changes, under Settings. */
export const webhooksResource: ResourceDefinition = {
  name: 'webhooks',
  section: 'settings',
  permission: 'webhooks.list',
  screens: [
    {
      paths: ['/settings/webhooks'],
      labelKey: 'webhooks:nav',
      page: lazy(() =>
        import('./pages/webhooks-page').then((module) => ({ default: module.WebhooksPage })),
      ),
    },
  ],
};
