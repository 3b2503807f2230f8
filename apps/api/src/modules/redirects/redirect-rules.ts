import {
  applyRedirect,
  isSectionRule,
  isValidRedirectDestination,
  isValidRedirectSource,
  pickRedirect,
  sectionSourcesOf,
} from '@backoffice/shared/redirect-match';
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

/** The stored redirects that could apply to `address`: from it exactly, or from a section above it. */
const rulesAt = async (tx: Db, address: string, exceptId?: number) => {
  const sources = [address, ...sectionSourcesOf(address)];
  const query = tx
    .selectFrom('redirects')
    .select(['source', 'destination'])
    .where('source', 'in', sources);
  return exceptId === undefined ? query.execute() : query.where('id', '!=', exceptId).execute();
};

/**
 * Where a visitor of `address` ends after following the stored redirects (at most
 * MAX_REDIRECT_HOPS of them), and the hops taken; `address` undefined when the chain loops
 * or goes on past the limit. Exact redirects win over section rules (see redirect-match).
 */
export const followRedirects = async (db: Db, address: string) => {
  const seen = new Set([address]);
  let current = address;
  for (let hops = 0; ; hops++) {
    const rule = pickRedirect(await rulesAt(db, current), current);
    if (!rule) return { address: current, hops };
    if (hops === MAX_REDIRECT_HOPS) return { address: undefined, hops };
    current = applyRedirect(rule, current)!;
    if (seen.has(current)) return { address: undefined, hops: hops + 1 };
    seen.add(current);
  }
};

/**
 * The rules of one redirect among the others, checked on create and update inside the
 * write's transaction (`tx`), so two writes cannot together close a loop: it sends
 * visitors only to web addresses, never back to where they started (A→B→…→A), and never
 * through a chain longer than MAX_REDIRECT_HOPS. A section rule (`/x/*`) is followed with
 * its own pattern standing for any address of the section.
 */
export const assertRedirectRules = async (tx: Db, redirect: Redirect) => {
  const { source, destination } = redirect;
  if (!isWebDestination(destination)) throw invalid({ destination: 'redirect.destination_scheme' });
  if (!isValidRedirectSource(source)) throw invalid({ source: 'redirect.wildcard_source' });
  if (!isValidRedirectDestination(source, destination))
    throw invalid({ destination: 'redirect.wildcard_destination' });
  if (source === destination) throw invalid({ destination: 'redirect.loop' });
  const candidate = { source, destination };

  // Forward: where a visitor goes after this redirect. Coming back under it is a loop.
  let after = 0;
  let current = destination;
  const seen = new Set([source, destination]);
  for (; after <= MAX_REDIRECT_HOPS; after++) {
    const rule = pickRedirect([candidate, ...(await rulesAt(tx, current, redirect.id))], current);
    if (!rule) break;
    if (rule === candidate) throw invalid({ destination: 'redirect.closes_loop' });
    current = applyRedirect(rule, current)!;
    if (seen.has(current)) throw invalid({ destination: 'redirect.closes_loop' });
    seen.add(current);
  }
  // Backward: the longest chain of redirects that ends where this one starts.
  let before = 0;
  for (let level = [source]; level.length > 0 && before + after < MAX_REDIRECT_HOPS; before++) {
    const targets = [...new Set(level.flatMap((value) => [value, ...sectionSourcesOf(value)]))];
    const query = tx
      .selectFrom('redirects')
      .select(['source', 'destination'])
      .where('destination', 'in', targets);
    const rows = await (
      redirect.id === undefined ? query : query.where('id', '!=', redirect.id)
    ).execute();
    // The addresses those redirects come from: a section rule carries the rest back.
    level = rows
      .flatMap((row) =>
        level.flatMap((value) => {
          if (row.destination === value) return [row.source];
          if (!isSectionRule(row.destination) || !isSectionRule(row.source)) return [];
          const base = row.destination.slice(0, -1);
          return value.startsWith(base) && value.length > base.length
            ? [row.source.slice(0, -1) + value.slice(base.length)]
            : [];
        }),
      )
      .filter((value) => !seen.has(value));
    for (const value of level) seen.add(value);
    if (level.length === 0) break;
  }
  if (before + 1 + after > MAX_REDIRECT_HOPS)
    throw invalid({
      destination: { key: 'redirect.chain_too_long', params: { maximum: MAX_REDIRECT_HOPS } },
    });
};
