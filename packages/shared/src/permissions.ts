/**
 * Every permission key, declared once. The API brings them into the database at
 * every start (a database made by an older release gains the keys added since);
 * the `super-admin` role holds all of them, including keys added later.
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
  // the website's webhooks: who may read, add, change and remove where the site's changes are sent
  'webhooks',
] as const;

export const PERMISSIONS = [
  ...crudResources.flatMap((resource) => crud.map((action) => `${resource}.${action}` as const)),
  'ratings.list',
  'ratings.create',
  'ratings.delete',
  'posts.approve',
  'audit.list',
  // Header/footer scripts and the tracker run on every public page: a key of their own.
  'settings.scripts',
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
