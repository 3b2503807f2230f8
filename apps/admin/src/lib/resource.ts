import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { PermissionRule } from './permissions';

/** The sidebar sections, in the order the sidebar shows them. */
export type SectionKey =
  | 'dashboard'
  | 'sales'
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
  page: LazyExoticComponent<ComponentType> & { preload?: () => Promise<unknown> };
  /** i18n namespaces the page needs besides the one of its label, loaded with its code on a cold start. */
  namespaces?: readonly string[];
  /** Who may open it (any one of the keys); defaults to the resource's. */
  permission?: PermissionRule;
  /** false keeps it out of the sidebar (details pages, aliases). */
  nav?: boolean;
  icon?: ReactNode;
  /** Shown after the menu label (a count of things waiting, such as posts pending approval). */
  badge?: ScreenBadge;
  /**
   * The queries the page asks for first, from its address: on a cold start they are requested
   * at once, beside the page's code, instead of after it has loaded and rendered
   * (app/warm-start.ts). Each must be the query the page uses (same key), or it is wasted.
   */
  prefetch?: (route: ScreenAddress) => ReadonlyArray<ScreenQuery>;
};

/**
 * A count beside a sidebar entry. Its code loads with the sidebar, not with the sign-in screen,
 * and its count is asked for in the warm start once the profile allows it, so a repeat visit
 * draws it in the sidebar's first frame (app/warm-start.ts).
 */
export type ScreenBadge = {
  component: LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };
  /** Who sees it (any one of the keys); for anyone else its count is never asked for. */
  permission: PermissionRule;
  /** The count's query: the one the component asks for (same key), or it is asked for twice. */
  query: ScreenQuery;
};

/** A screen's address: the path's parameters and the query string. */
export type ScreenAddress = {
  params: Readonly<Record<string, string | undefined>>;
  search: URLSearchParams;
};

/** A query a screen asks for (the key and the function of its `queryOptions`). */
export type ScreenQuery = { queryKey: QueryKey; queryFn?: QueryFunction<unknown, QueryKey> };

/** A menu text: an i18n key (`namespace:key`), or text of the data itself (a post type's title). */
export type NavLabel = { key: string } | { text: string };

/** A sidebar link made from data. It shows only when a registered screen answers its path. */
export type DynamicNavLink = { path: string; label: NavLabel };

/** A titled group of links made from data: one post type and the screens its features enable. */
export type DynamicNavGroup = { key: string; label: NavLabel; links: readonly DynamicNavLink[] };

/**
 * Sidebar groups that depend on data (the Posts section: one group per post type). The
 * sidebar loads `load` under `queryKey` and turns the answer into groups; a link whose path no
 * registered screen answers (a screen of a later area) or that the user may not open is left out.
 */
export type DynamicNav = {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<unknown>;
  groups: (data: unknown) => DynamicNavGroup[];
};

/** Declares a dynamic nav with its data's type checked between `load` and `groups`. */
export const dynamicNav = <T>(nav: {
  queryKey: QueryKey;
  load: (signal: AbortSignal) => Promise<T>;
  groups: (data: T) => DynamicNavGroup[];
}): DynamicNav => nav as DynamicNav;

/** The query that loads a dynamic nav's data: the sidebar's, asked for early by the warm start. */
export const navQuery = (nav: DynamicNav) => ({
  queryKey: nav.queryKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => nav.load(signal),
});

/** One row of the resources table: it drives the sidebar, the routes and the permission checks. */
export type ResourceDefinition = {
  name: string;
  section: SectionKey;
  permission?: PermissionRule;
  screens: readonly ResourceScreen[];
  /** Sidebar groups made from data, in this resource's section (loaded when `permission` allows). */
  nav?: DynamicNav;
};

/**
 * The badge the sidebar draws beside `screen` for a user whose permissions `can` checks: none
 * when the screen has no entry, the user may not open it or may not see its count. The sidebar
 * and the warm start (which asks for the count early) both ask here.
 */
export const shownBadge = (
  resource: ResourceDefinition,
  screen: ResourceScreen,
  can: (rule: PermissionRule | undefined) => boolean,
): ScreenBadge | undefined =>
  screen.badge &&
  screen.nav !== false &&
  can(screen.permission ?? resource.permission) &&
  can(screen.badge.permission)
    ? screen.badge
    : undefined;

/** The i18n namespace of a `namespace:key` label. */
export const namespaceOf = (labelKey: string): string =>
  labelKey.includes(':') ? labelKey.split(':')[0]! : 'common';

/**
 * A promise's outcome as a thenable that, once settled, calls back at once. React.lazy reads a
 * module it is given this way on the same render: a page whose code arrived before React first
 * renders it then renders without suspending (no loading screen first, no second render).
 */
const settledAtOnce = <T>(promise: Promise<T>): PromiseLike<T> => {
  let outcome: { value: T } | { error: unknown } | undefined;
  promise.then(
    (value) => (outcome = { value }),
    (error: unknown) => (outcome = { error }),
  );
  return {
    then: (resolve, reject) => {
      if (!outcome) return promise.then(resolve, reject);
      // React.lazy ignores what `then` returns; the callbacks' results are not chained here
      if ('value' in outcome) resolve?.(outcome.value);
      else reject?.(outcome.error);
      return undefined as never;
    },
  };
};

/**
 * A lazy component whose code can be asked for before React renders it: a cold start on the
 * page's address fetches it beside the layout instead of after it (see app/warm-start.ts), and
 * main.tsx renders once it has arrived.
 */
export const lazyPage = <T, P extends object = object>(
  load: () => Promise<T>,
  pick: (module: T) => ComponentType<P>,
) => {
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  // made when the load starts, so that it knows the outcome by the time React asks
  let settled: PromiseLike<{ default: ComponentType<P> }> | undefined;
  const preload = () => {
    if (!loading) {
      loading = load().then((module) => ({ default: pick(module) }));
      settled = settledAtOnce(loading);
    }
    return loading;
  };
  return Object.assign(
    lazy(() => {
      void preload();
      return settled as Promise<{ default: ComponentType<P> }>;
    }),
    { preload },
  );
};
