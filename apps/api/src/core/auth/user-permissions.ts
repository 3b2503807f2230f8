import { PERMISSIONS, SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/connection';

export type HeldPermissions = { permissions: string[]; isSuperAdmin: boolean };

/**
 * The keys a user holds, one row per key; `*` stands for the super-admin role. The role's name
 * is written into the query, not bound: with it bound, SQLite ran this (every authenticated
 * request's query) seven times slower.
 */
export const heldKeysQuery = (userId: number | RawBuilder<unknown>) => sql`
    select rp.permission_key as key from user_roles ur
      join role_permissions rp on rp.role_id = ur.role_id where ur.user_id = ${userId}
    union
    select permission_key as key from user_permissions where user_id = ${userId}
    union
    select '*' as key from user_roles ur
      join roles r on r.id = ur.role_id where ur.user_id = ${userId} and r.name = ${sql.lit(SUPER_ADMIN_ROLE)}`;

/** Every key, held by the super-admin role: one set shared by every request that needs it. */
const EVERY_KEY: ReadonlySet<string> = new Set(PERMISSIONS);

/** The keys a request's actor holds, from the rows of `heldKeysQuery` (`*`: every key). */
export const heldKeySet = (keys: readonly string[]) =>
  keys.includes('*')
    ? { permissions: EVERY_KEY, isSuperAdmin: true }
    : { permissions: new Set(keys) as ReadonlySet<string>, isSuperAdmin: false };

export const toHeldPermissions = (keys: readonly string[]): HeldPermissions =>
  keys.includes('*')
    ? { permissions: [...PERMISSIONS].sort(), isSuperAdmin: true }
    : { permissions: [...keys].sort(), isSuperAdmin: false };

export const loadUserPermissions = async (db: Db, userId: number): Promise<HeldPermissions> => {
  const { rows } = await sql<{ key: string }>`${heldKeysQuery(userId)}`.execute(db);
  return toHeldPermissions(rows.map((row) => row.key));
};
