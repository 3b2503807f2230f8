import type { ComponentType, LazyExoticComponent, ReactNode } from 'react';
import type { PermissionRule } from './permissions';

/** The sidebar sections of spec §2, in its order. */
export type SectionKey =
  | 'dashboard'
  | 'posts'
  | 'post-types'
  | 'comments'
  | 'feedback'
  | 'ratings'
  | 'seo'
  | 'agencies'
  | 'warehouse'
  | 'media'
  | 'users'
  | 'settings'
  | 'appearance'
  | 'widgets'
  | 'languages';

export type ResourceScreen = {
  /** Client paths of the screen; the first is the one the sidebar links to. */
  paths: readonly string[];
  /** i18n key (`namespace:key`) of the menu label and the page title. */
  labelKey: string;
  page: LazyExoticComponent<ComponentType>;
  /** Who may open it (any one of the keys); defaults to the resource's. */
  permission?: PermissionRule;
  /** false keeps it out of the sidebar (details pages, aliases). */
  nav?: boolean;
  icon?: ReactNode;
};

/** One row of the resources table: it drives the sidebar, the routes and the permission checks. */
export type ResourceDefinition = {
  name: string;
  section: SectionKey;
  permission?: PermissionRule;
  screens: readonly ResourceScreen[];
};

/** The i18n namespace of a `namespace:key` label. */
export const namespaceOf = (labelKey: string): string =>
  labelKey.includes(':') ? labelKey.split(':')[0]! : 'common';
