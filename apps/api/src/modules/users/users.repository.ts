import { SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import type { Role } from '@backoffice/shared/role.schema';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/connection';
import { now, toBool, type UsersTable } from '../../db/types';
import { loadRoles, roleColumns } from '../roles';
import './password-resets.table';

/** The columns a user list or record returns: never the hash or the folded search text. */
export const USER_COLUMNS = [
  'id',
  'name',
  'email',
  'gender',
  'birthday',
  'phone',
  'zalo',
  'facebook',
  'address',
  'avatar',
  'status',
  'must_change_password',
  'created_at',
  'updated_at',
] as const;

/**
 * The whole public form of a users row: the record plus the identity-card fields only the
 * profile shows (and the audit log keeps). The stored avatar is the URL a browser loads.
 */
export const userRecord = (row: Selectable<UsersTable>) => ({
  id: row.id,
  name: row.name,
  email: row.email,
  gender: row.gender,
  marital_status: row.marital_status,
  birthday: row.birthday,
  id_card: row.id_card,
  id_card_date: row.id_card_date,
  id_card_place: row.id_card_place,
  phone: row.phone,
  zalo: row.zalo,
  facebook: row.facebook,
  address: row.address,
  avatar: row.avatar,
  avatar_url: row.avatar || null,
  status: row.status,
  must_change_password: toBool(row.must_change_password),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** The roles one user holds. */
export const userRoles = async (db: Db, userId: number) =>
  loadRoles(
    db,
    await db
      .selectFrom('roles')
      .innerJoin('user_roles', 'user_roles.role_id', 'roles.id')
      .select(roleColumns.map((c) => `roles.${c}` as const))
      .where('user_roles.user_id', '=', userId)
      .orderBy('roles.id')
      .execute(),
  );

/** The roles of each of these users (for `include=roles`). */
export const rolesOfUsers = async (db: Db, userIds: number[]): Promise<Map<number, Role[]>> => {
  const result = new Map<number, Role[]>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return result;
  const links = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role_id'])
    .where('user_id', 'in', userIds)
    .execute();
  const roleIds = [...new Set(links.map((link) => link.role_id))];
  if (roleIds.length === 0) return result;
  const roles = await loadRoles(
    db,
    await db
      .selectFrom('roles')
      .select(roleColumns)
      .where('id', 'in', roleIds)
      .orderBy('id')
      .execute(),
  );
  for (const link of links) {
    const role = roles.find((r) => r.id === link.role_id);
    if (role) result.get(link.user_id)?.push(role);
  }
  return result;
};

export const isEnabledSuperAdmin = async (db: Db, userId: number) =>
  Boolean(
    await db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .innerJoin('users', 'users.id', 'user_roles.user_id')
      .select('users.id')
      .where('roles.name', '=', SUPER_ADMIN_ROLE)
      .where('users.status', '=', 'enable')
      .where('users.id', '=', userId)
      .executeTakeFirst(),
  );

/** A new reset link replaces any earlier one of the same user. */
export const storeResetToken = async (
  tx: Db,
  userId: number,
  tokenHash: string,
  expiresAt: string,
) => {
  const stamp = now();
  await tx
    .updateTable('password_resets')
    .set({ used_at: stamp })
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  await tx
    .insertInto('password_resets')
    .values({ user_id: userId, token_hash: tokenHash, created_at: stamp, expires_at: expiresAt })
    .execute();
};

/** Spends a reset token once: the user it belongs to, or undefined when it is unknown, spent or expired. */
export const spendResetToken = async (tx: Db, tokenHash: string): Promise<number | undefined> => {
  const stamp = now();
  const row = await tx
    .selectFrom('password_resets')
    .select(['id', 'user_id', 'expires_at', 'used_at'])
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.used_at || row.expires_at <= stamp) return undefined;
  const spent = await tx
    .updateTable('password_resets')
    .set({ used_at: stamp })
    .where('id', '=', row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(spent.numUpdatedRows) === 1 ? row.user_id : undefined;
};
