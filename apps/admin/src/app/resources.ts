import { agenciesResource } from '../features/agencies/resource';
import { dashboardResource } from '../features/dashboard/resource';
import { languagesResource } from '../features/languages/resource';
import { mediaResource } from '../features/media/resource';
import { redirectsResource } from '../features/redirects/resource';
import { usersResource } from '../features/users/resource';
import type { ResourceDefinition } from '../lib/resource';

/**
 * The one table of resources: it draws the sidebar, makes the routes and checks permissions.
 * Add a feature's `resource.ts` here and its screens appear; an area not listed here has no
 * routes, so its paths show the 404 page.
 */
export const RESOURCES: readonly ResourceDefinition[] = [
  dashboardResource,
  languagesResource,
  redirectsResource,
  mediaResource,
  usersResource,
  agenciesResource,
];
