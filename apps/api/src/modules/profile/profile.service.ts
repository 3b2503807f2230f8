import type { Profile, ProfileUpdate } from '@backoffice/shared/user.schema';
import '../auth/auth.tables';
import { loadUserPermissions } from '../../core/auth/user-permissions';
import type { ServiceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import type { SideWork } from '../../core/resource';
import { userRecord, userRoles, usersResource } from '../users';

export const profileService = {
  async show(ctx: ServiceContext, userId: number): Promise<Profile> {
    const row = await usersResource.findRow(ctx.db, userId);
    if (!row) throw notFound();
    const [roles, held, twoFactor] = await Promise.all([
      userRoles(ctx.db, userId),
      loadUserPermissions(ctx.db, userId),
      ctx.db
        .selectFrom('two_factor_secrets')
        .select('enabled_at')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return {
      ...userRecord(row),
      roles,
      permissions: held.permissions,
      two_factor: {
        enabled: Boolean(twoFactor?.enabled_at),
        required: roles.some((role) => role.require_2fa),
      },
    };
  },

  /**
   * Only the fields sent change; status, roles and permissions are not profile fields. The
   * write is the users resource's: an uploaded avatar is stored before its transaction, and
   * the row, the avatar's media row and the audit entry are written in one.
   */
  update: (
    ctx: ServiceContext,
    userId: number,
    input: Omit<ProfileUpdate, 'avatar' | 'current_password'>,
    side: SideWork = {},
  ) => usersResource.update(ctx, userId, input, side),
};
