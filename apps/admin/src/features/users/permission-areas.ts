import type { TFunction } from 'i18next';

/**
 * Permission keys as a shop owner reads them: grouped by the area of the work they open, each
 * named in the reader's language (the key itself stays beside it, small, for whoever reads
 * the API's errors or the docs). A key this table does not know (one a newer release adds
 * before its words here) still shows, under "Other", by its key.
 */
export const PERMISSION_AREAS = [
  { key: 'content', holds: ['types', 'posts', 'categories', 'groups', 'fields', 'media'] },
  { key: 'customers', holds: ['comments', 'ratings', 'feedback'] },
  { key: 'sales', holds: ['orders', 'discounts', 'agencies'] },
  { key: 'warehouse', holds: ['manage-warehouses', 'edit-warehouses', 'suppliers'] },
  {
    key: 'website',
    holds: ['menus', 'sliders', 'widgets', 'seos', 'manage-redirects', 'manage-languages'],
  },
  { key: 'settings', holds: ['settings', 'webhooks'] },
  {
    key: 'people',
    holds: ['users', 'manage-roles', 'manage-admins-access', 'manage-permissions', 'audit'],
  },
] as const;

export type PermissionAreaKey = (typeof PERMISSION_AREAS)[number]['key'] | 'other';

/** The resource of a key (`posts` of `posts.list`), or the key itself when it has no action. */
const subjectOf = (key: string) => key.split('.')[0]!;

/** The keys of each area, in the areas' order and, inside one, in the order they were given. */
export const groupPermissions = (keys: readonly string[]) => {
  const areas = PERMISSION_AREAS.map((area) => ({
    key: area.key as PermissionAreaKey,
    keys: [] as string[],
  }));
  const other = { key: 'other' as PermissionAreaKey, keys: [] as string[] };
  for (const key of keys) {
    const at = PERMISSION_AREAS.findIndex((area) =>
      (area.holds as readonly string[]).includes(subjectOf(key)),
    );
    (at < 0 ? other : areas[at]!).keys.push(key);
  }
  // Inside an area its subjects come in the table's order (orders before discounts), each
  // subject's keys in the order they were given (list, create, update, delete).
  for (const [index, area] of areas.entries()) {
    const holds = PERMISSION_AREAS[index]!.holds as readonly string[];
    area.keys.sort((a, b) => holds.indexOf(subjectOf(a)) - holds.indexOf(subjectOf(b)));
  }
  return [...areas, other].filter((area) => area.keys.length > 0);
};

/**
 * A key's words: its own (`posts.approve`, `manage-roles`) when it has them, else its action
 * on its resource ("Xem đơn hàng"), else the key.
 */
export const permissionLabel = (t: TFunction, key: string) => {
  const own = `permissionNames.keys.${key.replace('.', '_')}`;
  if (t(own, { defaultValue: '' })) return t(own);
  const [resource, action] = key.split('.');
  const noun = t(`permissionNames.resources.${resource}`, { defaultValue: '' });
  const phrase = t(`permissionNames.actions.${action}`, { resource: noun, defaultValue: '' });
  return noun && phrase ? phrase : key;
};
