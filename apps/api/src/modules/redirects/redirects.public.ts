import { applyRedirect, pickRedirect, sectionSourcesOf } from '@backoffice/shared/redirect-match';
import { z } from 'zod';
import { notFound } from '../../core/errors';
import { noParameters, publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import type { Db } from '../../db/connection';
import { MAX_REDIRECT_HOPS } from './redirect-rules';

/**
 * Where the website sends a visitor of an old address: the end of the chain of redirects
 * (section redirects included), permanent (301) only when every hop is.
 */
export const publicRedirectShape = z.object({
  destination: z.string(),
  code: z.union([z.literal(301), z.literal(302)]),
});

const rulesAt = (db: Db, address: string) =>
  db
    .selectFrom('redirects')
    .select(['source', 'destination', 'code'])
    .where('source', 'in', [address, ...sectionSourcesOf(address)])
    .execute();

export const resolveRedirect = async (db: Db, path: string) => {
  const seen = new Set([path]);
  let current = path;
  let permanent = true;
  for (let hops = 0; hops < MAX_REDIRECT_HOPS; hops++) {
    const rule = pickRedirect(await rulesAt(db, current), current);
    if (!rule) break;
    permanent &&= Number(rule.code ?? 301) !== 302;
    current = applyRedirect(rule, current)!;
    if (seen.has(current)) return undefined;
    seen.add(current);
  }
  return current === path ? undefined : { destination: current, code: permanent ? 301 : 302 };
};

export const redirectsPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/redirects/resolve',
    operationId: 'publicResolveRedirect',
    summary: 'Where an old address of the website leads, after the whole chain of redirects',
    querystring: z.strictObject({ path: z.string().min(1).max(2000) }),
    params: noParameters,
    shape: publicRedirectShape,
    read: async ({ db }, { query }) => {
      const found = await resolveRedirect(db, query.path);
      if (!found) throw notFound();
      return found;
    },
  });
};
