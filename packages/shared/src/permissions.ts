/**
 * Every permission key of the contract (§4). A migration seeds them; the
 * `super-admin` role holds all of them, including keys added later.
 */
const crud = ['list', 'create', 'update', 'delete'] as const;

const crudResources = [
  'media',
  'posts',
  'categories',
  'groups',
  'fields',
  'discounts',
  'types',
  'users',
  'seos',
  'settings',
  'sliders',
  'menus',
  'suppliers',
  'widgets',
  'agencies',
  'orders',
  'comments',
  'feedback',
] as const;

export const PERMISSIONS = [
  ...crudResources.flatMap((resource) => crud.map((action) => `${resource}.${action}` as const)),
  'ratings.list',
  'ratings.create',
  'ratings.delete',
  'posts.approve',
  'audit.list',
  'manage-roles',
  'manage-admins-access',
  'manage-permissions',
  'manage-redirects',
  'manage-warehouses',
  'edit-warehouses',
  'manage-languages',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const SUPER_ADMIN_ROLE = 'super-admin';

const permissionSet = new Set<string>(PERMISSIONS);
export const isPermission = (key: string): key is Permission => permissionSet.has(key);

/** The permissions a user holds: those of each role plus the direct ones, without duplicates. */
export const mergePermissions = (
  roles: ReadonlyArray<{ permissions: readonly string[] }>,
  direct: readonly string[],
): string[] => [...new Set([...roles.flatMap((role) => role.permissions), ...direct])].sort();
