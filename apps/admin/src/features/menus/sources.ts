import type { MenuItemType } from '@backoffice/shared/menu.schema';
import type { Category } from '@backoffice/shared/category.schema';
import { typePath } from '@backoffice/shared/content-paths';
import type { Group } from '@backoffice/shared/group.schema';
import type { PostListRecord } from '@backoffice/shared/post.schema';
import type { PostType } from '@backoffice/shared/post-type.schema';
import type { Seo } from '@backoffice/shared/seo.schema';
import type { Query } from '../../lib/api-client';

/** What picking a record in a source adds to the menu. */
export type SourceItem = {
  type: MenuItemType;
  ref_id: number | null;
  title: string;
  url: string | null;
};

/**
 * A list in the editor's left column that items are picked from: searched on the server
 * (folded, so `ca phe` finds `Cà phê`), shown to those who may list it.
 */
export type MenuSource = {
  key: string;
  /** i18n key (`menus:…`) of the panel's name. */
  labelKey: string;
  /** Who sees the panel: the key that lists the records. */
  permission: string;
  /** The API list, e.g. `/categories`. */
  path: string;
  query?: Query;
  /** The record as a menu item; `ref_id` set for the types the API checks. */
  toItem: (record: never) => SourceItem;
};

const source = <T>(
  definition: Omit<MenuSource, 'toItem'> & { toItem: (record: T) => SourceItem },
) => definition as MenuSource;

/**
 * The sources of menu items, one line each, beside the custom link. A source whose items point
 * at a record (`type` other than `custom`) also needs its line on the API
 * (`modules/menus/menu-references.ts`). Records of a type are found by `ref_id`: the website
 * builds their address, which follows their slugs.
 */
export const MENU_SOURCES: readonly MenuSource[] = [
  // Pages the site describes for search engines: a custom link to each page's address.
  source<Seo>({
    key: 'seo',
    labelKey: 'menus:sources.seo',
    permission: 'seos.list',
    path: '/seos',
    toItem: (page) => ({ type: 'custom', ref_id: null, title: page.title, url: page.url }),
  }),
  source<PostType>({
    key: 'type',
    labelKey: 'menus:sources.type',
    permission: 'types.list',
    path: '/types',
    toItem: (type) => ({
      type: 'type',
      ref_id: type.id,
      title: type.title,
      url: typePath(type.slug),
    }),
  }),
  source<Category>({
    key: 'category',
    labelKey: 'menus:sources.category',
    permission: 'categories.list',
    path: '/categories',
    toItem: (category) => ({
      type: 'category',
      ref_id: category.id,
      title: category.title,
      url: null,
    }),
  }),
  source<Group>({
    key: 'group',
    labelKey: 'menus:sources.group',
    permission: 'groups.list',
    path: '/groups',
    query: { style: 'article' },
    toItem: (group) => ({ type: 'group', ref_id: group.id, title: group.title, url: null }),
  }),
  source<Group>({
    key: 'trademark',
    labelKey: 'menus:sources.trademark',
    permission: 'groups.list',
    path: '/groups',
    query: { style: 'trademark' },
    toItem: (group) => ({ type: 'trademark', ref_id: group.id, title: group.title, url: null }),
  }),
  source<PostListRecord>({
    key: 'post',
    labelKey: 'menus:sources.post',
    permission: 'posts.list',
    path: '/posts',
    query: { style: 'article,course' },
    toItem: (post) => ({ type: 'post', ref_id: post.id, title: post.title, url: null }),
  }),
  source<PostListRecord>({
    key: 'product',
    labelKey: 'menus:sources.product',
    permission: 'posts.list',
    path: '/posts',
    query: { style: 'product' },
    toItem: (post) => ({ type: 'product', ref_id: post.id, title: post.title, url: null }),
  }),
];
