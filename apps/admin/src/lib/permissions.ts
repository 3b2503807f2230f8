/** One key, or several of which any one is enough. */
export type PermissionRule = string | readonly string[];

export const allows = (held: ReadonlySet<string>, rule: PermissionRule | undefined): boolean => {
  if (rule === undefined) return true;
  if (typeof rule === 'string') return held.has(rule);
  return rule.length === 0 || rule.some((key) => held.has(key));
};
