import type { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router';
import { i18n, initialLanguage } from '../i18n';
import { forgetEarlyRequests, hasEarlyRequests, recordRequests } from '../lib/api-client';
import { prepareDateFormats } from '../lib/date-formats';
import { getProfileQueryOptions } from '../lib/profile';
import { allows, type PermissionRule } from '../lib/permissions';
import { namespaceOf, navQuery, shownBadge } from '../lib/resource';
import { getSiteQueryOptions } from '../lib/site';
import { hasSession, readStoredJson, STORAGE_KEYS, writeStored } from '../lib/storage';
import { RESOURCES } from './resources';
import { ProtectedLayout, ScreenRoute } from './router';

const SCREEN_ROUTES = RESOURCES.flatMap((resource) =>
  resource.screens.flatMap((screen) =>
    screen.paths.map((path) => ({
      path,
      screen,
      permission: screen.permission ?? resource.permission,
    })),
  ),
);

/**
 * Whether the screen's data may be asked for before the profile answers: unless the last
 * profile read says the screen is not this user's (an address typed or kept in a bookmark),
 * where the request would only be refused.
 */
const mayBeTheirs = (rule: PermissionRule | undefined) => {
  const hint = readStoredJson<string[]>(STORAGE_KEYS.permissionsHint);
  return !Array.isArray(hint) || allows(new Set(hint), rule);
};

/**
 * Opening a screen of the signed-in part by its address needs, one after another: the layout's
 * code, the profile (permissions), the sidebar's texts, the screen's code, its texts, then its
 * data. Everything of that chain that does not depend on an answer is asked for here at once,
 * before React renders, the screen's data too where the screen declares it (`prefetch`).
 *
 * Settles when all of it has arrived (or failed): main.tsx renders then, so the first render
 * draws the screen with its rows instead of a loading screen that suspends, shows, and renders
 * everything a second time.
 */
export const warmStart = (
  queryClient: QueryClient,
  { pathname, search } = { pathname: window.location.pathname, search: window.location.search },
): Promise<unknown> => {
  if (!hasSession()) return Promise.resolve();
  // Ranked as the router ranks them, so `/posts/pending` is not taken for `/posts/:typeID`.
  const [found] = matchRoutes(SCREEN_ROUTES, pathname) ?? [];
  if (!found) return Promise.resolve();
  const { screen, permission } = found.route;
  // The screen's own first data, when it says what that is (a list's first page).
  const address = { params: found.params, search: new URLSearchParams(search) };
  // The sidebar's texts (sections are labelled from `layout`, screens from their own) and the screen's.
  const namespaces = new Set([
    'layout',
    ...RESOURCES.flatMap((resource) => resource.screens.map((s) => namespaceOf(s.labelKey))),
    ...(screen.namespaces ?? []),
  ]);
  // Asked for before the app ran: this address was visited before (signed-in-preload.ts).
  const revisit = hasEarlyRequests();
  const recorded = recordRequests();
  // The sidebar's entries made from data (a group per post type) and its counts (posts waiting
  // for approval), once the profile says which may be shown, so the first render draws the whole
  // sidebar rather than one that grows a moment later. Waited for on a revisit only, where their
  // answers were asked for early: on a first visit they would add a request after the profile's
  // to the wait. `sidebarCalls` resolves once those calls have been made (to an array of them,
  // which a promise does not adopt), `nav` once they have been answered.
  const sidebarCalls = queryClient
    .fetchQuery(getProfileQueryOptions())
    .then((profile) => {
      const held = new Set(profile.permissions);
      const can = (rule: PermissionRule | undefined) => allows(held, rule);
      return RESOURCES.flatMap((resource) => [
        ...(resource.nav && can(resource.permission)
          ? [queryClient.prefetchQuery(navQuery(resource.nav))]
          : []),
        ...resource.screens.flatMap((screen) => {
          const badge = shownBadge(resource, screen, can);
          return badge ? [queryClient.prefetchQuery(badge.query), badge.component.preload()] : [];
        }),
      ]);
    })
    .catch((): Array<Promise<unknown>> => []);
  const nav = sidebarCalls.then((calls) => Promise.allSettled(calls));
  const arrived = Promise.allSettled([
    queryClient.prefetchQuery(getProfileQueryOptions()),
    queryClient.prefetchQuery(getSiteQueryOptions()),
    ...((mayBeTheirs(permission) && screen.prefetch?.(address)) || []).map((query) =>
      queryClient.prefetchQuery(query),
    ),
    ProtectedLayout.preload(),
    ScreenRoute.preload(),
    screen.page.preload?.(),
    i18n.loadNamespaces([...namespaces]),
    ...(revisit ? [nav] : []),
  ]);
  // While the answers are on their way the page is idle: the dates' formatters are made then.
  // (Safari has no requestIdleCallback.)
  const language = initialLanguage();
  if (typeof requestIdleCallback === 'function')
    requestIdleCallback(() => prepareDateFormats(language), { timeout: 100 });
  else setTimeout(() => prepareDateFormats(language), 0);
  // The next visit of this address asks for the same answers at once (signed-in-preload.ts):
  // those of the first render and the sidebar's, listed once they have been asked for, before
  // the screen renders and asks for more (its filters' options).
  void Promise.all([arrived, sidebarCalls]).then(() => {
    forgetEarlyRequests();
    writeStored(
      STORAGE_KEYS.earlyRequests,
      JSON.stringify({ at: pathname + search, requests: recorded() }),
    );
  });
  return arrived;
};
