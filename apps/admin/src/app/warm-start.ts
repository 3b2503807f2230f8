import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { i18n } from '../i18n';
import { getProfileQueryOptions } from '../lib/profile';
import { namespaceOf } from '../lib/resource';
import { getSiteQueryOptions } from '../lib/site';
import { hasSession } from '../lib/storage';
import { RESOURCES } from './resources';

/**
 * Opening a screen of the signed-in part by its address needs, one after another: the layout's
 * code, the profile (permissions), the sidebar's texts, the screen's code, its texts, then its
 * data. Everything of that chain that does not depend on an answer is asked for here at once,
 * before React renders, so the screen's own request starts as soon as its code has run.
 */
export const warmStart = (queryClient: QueryClient, pathname = window.location.pathname) => {
  if (!hasSession()) return;
  const screen = RESOURCES.flatMap((resource) => resource.screens).find((candidate) =>
    candidate.paths.some((path) => matchPath(path, pathname)),
  );
  if (!screen) return;
  void queryClient.prefetchQuery(getProfileQueryOptions());
  void queryClient.prefetchQuery(getSiteQueryOptions());
  void import('./protected-layout');
  void import('./screen-route');
  void screen.page.preload?.();
  // The sidebar's texts (sections are labelled from `layout`, screens from their own) and the screen's.
  const namespaces = new Set([
    'layout',
    ...RESOURCES.flatMap((resource) => resource.screens.map((s) => namespaceOf(s.labelKey))),
    ...(screen.namespaces ?? []),
  ]);
  void i18n.loadNamespaces([...namespaces]);
};
