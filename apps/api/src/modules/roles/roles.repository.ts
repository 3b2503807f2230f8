import { PERMISSIONS, SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import type { Role } from '@backoffice/shared/role.schema';
import type { Db } from '../../db/connection';

type RoleRow = {
  id: number;
  name: string;
  description: string | null;
  require_2fa: boolean | number;
  created_at: string;
  updated_at: string;
};

/**
 * Completes role records: the super-admin role holds every key (also keys added
 * after it was made, without rows of its own), and each role says how many users hold it.
 */
export const completeRoles = async (db: Db, roles: Role[]) => {
  const ids = roles.map((role) => role.id);
  const counts = await usersCounts(db, ids);
  const keys =
    ids.length === 0
      ? []
      : await db
          .selectFrom('role_permissions')
          .select(['role_id', 'permission_key'])
          .where('role_id', 'in', ids)
          .execute();
  for (const role of roles) {
    role.permissions =
      role.name === SUPER_ADMIN_ROLE
        ? [...PERMISSIONS].sort()
        : keys
            .filter((key) => key.role_id === role.id)
            .map((key) => key.permission_key)
            .sort();
    role.users_count = counts.get(role.id) ?? 0;
  }
};

const usersCounts = async (db: Db, ids: number[]) => {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', ids)
    .groupBy('role_id')
    .execute();
  return new Map(rows.map((row) => [row.role_id, Number(row.n)]));
};

/** Roles with their permission keys and how many users hold them. */
export const loadRoles = async (db: Db, rows: RoleRow[]): Promise<Role[]> => {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const permissions = await db
    .selectFrom('role_permissions')
    .select(['role_id', 'permission_key'])
    .where('role_id', 'in', ids)
    .execute();
  const counts = await db
    .selectFrom('user_roles')
    .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('role_id', 'in', ids)
    .groupBy('role_id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    require_2fa: Boolean(row.require_2fa),
    permissions:
      row.name === SUPER_ADMIN_ROLE
        ? [...PERMISSIONS].sort()
        : permissions
            .filter((p) => p.role_id === row.id)
            .map((p) => p.permission_key)
            .sort(),
    users_count: Number(counts.find((c) => c.role_id === row.id)?.n ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }));
};

export const roleColumns = [
  'id',
  'name',
  'description',
  'require_2fa',
  'created_at',
  'updated_at',
] as const;

export const findRoles = (db: Db, ids: number[]) =>
  ids.length === 0
    ? Promise.resolve([])
    : db.selectFrom('roles').select(roleColumns).where('id', 'in', ids).execute();

/** Users who hold super-admin, for the "never remove the last one" rule. */
export const superAdminIds = async (db: Db) =>
  (
    await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('user_roles.user_id')
      .where('roles.name', '=', SUPER_ADMIN_ROLE)
      .where('users.status', '=', 'enable')
      .execute()
  ).map((row) => row.user_id);
