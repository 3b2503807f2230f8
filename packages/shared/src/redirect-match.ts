/**
 * How a redirect matches an address. A redirect whose source ends in `/*` is a section rule:
 * it matches every address below that path (`/tin-tuc/*` matches `/tin-tuc/a` and
 * `/tin-tuc/category/b`, not `/tin-tuc` itself). When its destination ends in `/*` too, the
 * rest of the address is carried over (`/tin-tuc/*` → `/news/*` sends `/tin-tuc/a` to
 * `/news/a`); otherwise every address of the section goes to that one destination.
 * A redirect from the exact address wins over a section rule, and a longer section over a
 * shorter one. A website following redirects reads them this way.
 */
export type RedirectRule = { source: string; destination: string };

export const SECTION_MARK = '/*';

export const isSectionRule = (source: string) => source.endsWith(SECTION_MARK);

/** A `*` means something only as the last segment of a source (`/x/*`). */
export const isValidRedirectSource = (source: string) =>
  !source.slice(0, isSectionRule(source) ? -SECTION_MARK.length : undefined).includes('*');

/** A destination carries the rest of the address over only from a section rule. */
export const isValidRedirectDestination = (source: string, destination: string) =>
  !isSectionRule(destination) || isSectionRule(source);

/** Where `rule` sends `address`, or undefined when it does not match it. */
export const applyRedirect = (rule: RedirectRule, address: string): string | undefined => {
  if (!isSectionRule(rule.source)) return rule.source === address ? rule.destination : undefined;
  // The base keeps its final `/`: `/tin-tuc/*` → `/tin-tuc/`.
  const base = rule.source.slice(0, -1);
  if (!address.startsWith(base) || address.length === base.length) return undefined;
  const rest = address.slice(base.length);
  return isSectionRule(rule.destination) ? rule.destination.slice(0, -1) + rest : rule.destination;
};

/**
 * The section rules' sources that could match `address`, longest first: `/a/b/c` →
 * `/a/b/*`, `/a/*`, `/*`. Only the path counts, never the query or the fragment.
 */
export const sectionSourcesOf = (address: string): string[] => {
  if (!address.startsWith('/')) return [];
  const path = address.split(/[?#]/, 1)[0]!;
  const sources: string[] = [];
  for (let index = path.length - 2; index >= 0; index--)
    if (path[index] === '/') sources.push(`${path.slice(0, index + 1)}*`);
  return sources;
};

/** Of the rules that match `address`, the one that applies: the exact one, else the longest section. */
export const pickRedirect = <R extends RedirectRule>(
  rules: readonly R[],
  address: string,
): R | undefined => {
  const exact = rules.find((rule) => rule.source === address);
  if (exact) return exact;
  return rules
    .filter((rule) => isSectionRule(rule.source) && applyRedirect(rule, address) !== undefined)
    .sort((a, b) => b.source.length - a.source.length)[0];
};

/**
 * Follows redirects from `address` for at most `maxHops` hops: the address a visitor ends at
 * and the hops taken (`undefined` address when the chain loops or goes on past the limit).
 */
export const resolveRedirects = (
  rules: readonly RedirectRule[],
  address: string,
  maxHops: number,
): { address: string | undefined; hops: number } => {
  const seen = new Set([address]);
  let current = address;
  for (let hops = 0; ; hops++) {
    const rule = pickRedirect(rules, current);
    if (!rule) return { address: current, hops };
    if (hops === maxHops) return { address: undefined, hops };
    current = applyRedirect(rule, current)!;
    if (seen.has(current)) return { address: undefined, hops: hops + 1 };
    seen.add(current);
  }
};
