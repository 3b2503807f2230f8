import { agenciesResource } from '../features/agencies/resource';
import { auditResource } from '../features/audit/resource';
import {
  appearanceResource,
  appearanceSettingsResource,
  widgetsResource,
} from '../features/appearance/resource';
import { contentStructureResource, postTypesResource } from '../features/content/resource';
import { dashboardResource } from '../features/dashboard/resource';
import { feedbackResource } from '../features/feedback/resource';
import { commentsResource, ratingsResource } from '../features/comments/resource';
import { languagesResource } from '../features/languages/resource';
import { mediaResource } from '../features/media/resource';
import { menusResource, menusSettingsResource } from '../features/menus/resource';
import { postsResource } from '../features/posts/resource';
import { redirectsResource } from '../features/redirects/resource';
import { seoResource } from '../features/seo/resource';
import { settingsResource } from '../features/settings/resource';
import { usersResource } from '../features/users/resource';
import { warehouseResource } from '../features/warehouse/resource';
import { webhooksResource } from '../features/webhooks/resource';
import { commerceResource } from '../features/commerce/resource';
import type { ResourceDefinition } from '../lib/resource';

/**
 * The one table of resources: it draws the sidebar, makes the routes and checks permissions.
 * Add a feature's `resource.ts` here and its screens appear; an area not listed here has no
 * routes, so its paths show the 404 page.
 */
export const RESOURCES: readonly ResourceDefinition[] = [
  dashboardResource,
  languagesResource,
  settingsResource,
  redirectsResource,
  mediaResource,
  usersResource,
  auditResource,
  agenciesResource,
  seoResource,
  feedbackResource,
  appearanceResource,
  appearanceSettingsResource,
  widgetsResource,
  warehouseResource,
  commerceResource,
  menusResource,
  menusSettingsResource,
  postTypesResource,
  contentStructureResource,
  postsResource,
  commentsResource,
  ratingsResource,
  webhooksResource,
];
