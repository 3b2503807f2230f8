import type { Profile, ProfileUpdate } from '@backoffice/shared/user.schema';
import { writeAudit } from '../../core/audit';
import { loadUserPermissions } from '../../core/auth/user-permissions';
import type { ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import type { SideWork } from '../../core/resource';
import { searchText } from '../../core/search';
import { translateDbError } from '../../core/db-errors';
import type { Db } from '../../db/connection';
import { now, toBool } from '../../db/types';
import { loadRoles, roleColumns } from '../roles/roles.repository';

type UserRow = Awaited<ReturnType<typeof findUser>>;

const findUser = (db: Db, id: number) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

/** The public form of a users row; `avatarUrl` turns the stored avatar into a URL. */
export const userRecord = (
  row: NonNullable<UserRow>,
  avatarUrl: (path: string) => string = (path) => path,
) => ({
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
  avatar_url: row.avatar ? avatarUrl(row.avatar) : null,
  status: row.status,
  must_change_password: toBool(row.must_change_password),
  created_at: row.created_at,
  updated_at: row.updated_at,
});

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

export const profileService = {
  async show(
    ctx: ServiceContext,
    userId: number,
    avatarUrl?: (path: string) => string,
  ): Promise<Profile> {
    const row = await findUser(ctx.db, userId);
    if (!row) throw notFound();
    const [roles, held] = await Promise.all([
      userRoles(ctx.db, userId),
      loadUserPermissions(ctx.db, userId),
    ]);
    return { ...userRecord(row, avatarUrl), roles, permissions: held.permissions };
  },

  /** Only the fields sent change; status, roles and permissions are not profile fields. */
  async update(
    ctx: ServiceContext,
    userId: number,
    input: Omit<ProfileUpdate, 'avatar' | 'current_password'>,
    side: SideWork = {},
  ) {
    try {
      await ctx.transaction(async (tx) => {
        const before = await findUser(tx, userId);
        if (!before) throw notFound();
        const values = Object.fromEntries(
          Object.entries({ ...input, ...side.values }).filter(([, value]) => value !== undefined),
        );
        const merged = { ...before, ...values };
        const after = await tx
          .updateTable('users')
          .set({
            ...values,
            search_text: searchText(merged.name, merged.email, merged.phone),
            updated_at: now(),
          })
          .where('id', '=', userId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await side.write?.(tx, after);
        await writeAudit(tx, ctx.audit, {
          action: 'update',
          entity: 'user',
          entityId: userId,
          before: userRecord(before),
          after: userRecord(after),
        });
      });
    } catch (error) {
      await side.undo?.();
      throw translateDbError(error, { email: 'email.exists' });
    }
    await side.afterCommit?.();
  },
};
