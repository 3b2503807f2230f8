import { invalid } from '../../core/errors';
import type { Db } from '../../db/connection';

/** The longest chain of redirects a visitor may be sent through (A→B→…), counted in hops. */
export const MAX_REDIRECT_HOPS = 5;

// Browsers drop ASCII whitespace and control characters anywhere in a URL's scheme
// (`java\tscript:` runs), so the scheme is read without them.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]+/g;

/** A path (`/new`, `new-page`) or an http(s) URL; any other scheme (`javascript:`, `data:`, `vbscript:`, …) is not a web address. */
export const isWebDestination = (destination: string) => {
  const scheme = SCHEME.exec(destination.replace(IGNORED_BY_BROWSERS, ''))?.[1]?.toLowerCase();
  return scheme === undefined || scheme === 'http' || scheme === 'https';
};

type Redirect = { id?: number; source: string; destination: string };

/**
 * The rules of one redirect among the others, checked on create and update inside the
 * write's transaction (`tx`), so two writes cannot together close a loop: it sends
 * visitors only to web addresses, never back to where they started (A→B→…→A), and never
 * through a chain longer than MAX_REDIRECT_HOPS.
 */
export const assertRedirectRules = async (tx: Db, redirect: Redirect) => {
  const { source, destination } = redirect;
  if (!isWebDestination(destination)) throw invalid({ destination: 'redirect.destination_scheme' });
  if (source === destination) throw invalid({ destination: 'redirect.loop' });
  // The others: on update, the stored version of this redirect is being replaced.
  const others = (column: 'source' | 'destination', values: string[]) => {
    const query = tx
      .selectFrom('redirects')
      .select(['source', 'destination'])
      .where(column, 'in', values);
    return redirect.id === undefined ? query : query.where('id', '!=', redirect.id);
  };

  // Forward: where a visitor goes after this redirect. A chain that reaches `source` is a loop.
  let after = 0;
  const seen = new Set([source]);
  for (let next = destination; after <= MAX_REDIRECT_HOPS; after++) {
    const hop = await others('source', [next]).executeTakeFirst();
    if (!hop) break;
    if (seen.has(hop.destination)) throw invalid({ destination: 'redirect.closes_loop' });
    seen.add(hop.destination);
    next = hop.destination;
  }
  // Backward: the longest chain of redirects that ends where this one starts.
  let before = 0;
  for (let level = [source]; level.length > 0 && before + after < MAX_REDIRECT_HOPS; before++) {
    const rows = await others('destination', level).execute();
    level = rows.map((row) => row.source).filter((value) => !seen.has(value));
    for (const value of level) seen.add(value);
    if (level.length === 0) break;
  }
  if (before + 1 + after > MAX_REDIRECT_HOPS)
    throw invalid({
      destination: { key: 'redirect.chain_too_long', params: { maximum: MAX_REDIRECT_HOPS } },
    });
};
