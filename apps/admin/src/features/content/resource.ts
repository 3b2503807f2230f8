import type { PostType } from '@backoffice/shared/post-type.schema';
import { lazy } from 'react';
import { dynamicNav, type ResourceDefinition } from '../../lib/resource';
import { NAV_POST_TYPES_KEY, postTypesApi } from './api/post-types-api';
import { postTypeNavGroups } from './nav';

const groupsPage = lazy(() =>
  import('./pages/groups-page').then((module) => ({ default: module.GroupsPage })),
);

/** Post types (/post-type, /post-type/manager). */
export const postTypesResource: ResourceDefinition = {
  name: 'post-types',
  section: 'post-types',
  permission: 'types.list',
  screens: [
    {
      paths: ['/post-type/manager', '/post-type'],
      labelKey: 'layout:nav.postTypes',
      page: lazy(() =>
        import('./pages/post-types-page').then((module) => ({ default: module.PostTypesPage })),
      ),
    },
  ],
};

/**
 * The content structure of each post type (categories, groups, trademarks, data groups and
 * their fields), reached from the type's group in the Posts section of the sidebar.
 */
export const contentStructureResource: ResourceDefinition = {
  name: 'content-structure',
  section: 'posts',
  permission: ['types.list', 'posts.list', 'categories.list', 'groups.list', 'fields.list'],
  nav: dynamicNav<PostType[]>({
    queryKey: NAV_POST_TYPES_KEY,
    load: (signal) => postTypesApi.list({ limit: 0 }, signal).then((page) => page.data),
    groups: postTypeNavGroups,
  }),
  screens: [
    {
      paths: ['/posts/post-category/:typeID'],
      labelKey: 'content:categories.title',
      permission: 'categories.list',
      nav: false,
      page: lazy(() =>
        import('./pages/categories-page').then((module) => ({ default: module.CategoriesPage })),
      ),
    },
    {
      paths: [
        '/posts/article-group/:typeID',
        '/posts/trademark-group/:typeID',
        '/posts/data-group/:typeID',
      ],
      labelKey: 'content:groups.title',
      permission: 'groups.list',
      nav: false,
      page: groupsPage,
    },
    {
      paths: ['/posts/data-group/:typeID/data-field/:groupID'],
      labelKey: 'content:dataFields.title',
      permission: 'fields.list',
      nav: false,
      page: lazy(() =>
        import('./pages/data-fields-page').then((module) => ({ default: module.DataFieldsPage })),
      ),
    },
  ],
};
