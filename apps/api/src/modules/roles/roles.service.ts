import { isPermission, SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import {
  roleCreateSchema,
  roleRecordSchema,
  roleUpdateSchema,
  type Role,
  type RoleCreate,
} from '@backoffice/shared/role.schema';
import { actorOf, type Actor } from '../../core/auth/guard';
import { writeAudit } from '../../core/audit';
import type { ServiceContext } from '../../core/context';
import { AppError, invalid } from '../../core/errors';
import { manyToMany } from '../../core/relations';
import { createResourceService } from '../../core/resource';
import type { Db } from '../../db/connection';
import { completeRoles, findRoles, loadRoles, superAdminIds } from './roles.repository';

/** Nobody grants a permission they do not hold themselves. */
const assertGrantable = (actor: Actor, keys: readonly string[]) => {
  const unknown = keys.filter((key) => !isPermission(key));
  if (unknown.length > 0)
    throw invalid({
      permissions: { key: 'permission.unknown', params: { keys: unknown.join(', ') } },
    });
  const missing = keys.filter((key) => !actor.permissions.has(key));
  if (missing.length > 0)
    throw new AppError('forbidden', 'permission.not_held', { keys: missing.join(', ') });
};

const heldKeys = async (db: Db, roleId: number) =>
  (
    await db
      .selectFrom('role_permissions')
      .select('permission_key')
      .where('role_id', '=', roleId)
      .execute()
  ).map((row) => row.permission_key);

export const rolesResource = createResourceService({
  path: 'roles',
  table: 'roles',
  entity: 'role',
  permissions: {
    list: ['manage-roles', 'manage-admins-access'],
    show: ['manage-roles', 'manage-admins-access'],
    create: 'manage-roles',
    update: 'manage-roles',
    delete: 'manage-roles',
  },
  routes: ['list', 'show', 'create', 'update', 'delete'],
  schemas: {
    create: roleCreateSchema,
    update: roleUpdateSchema,
    record: roleRecordSchema,
  },
  list: {
    search: ['name'],
    searchFields: { name: { column: 'name', match: 'contains' } },
    sortable: ['name'],
    // A new role goes first on page 1, where the person who added it looks (as members and orders do).
    defaultOrder: ['id', 'desc'],
    allowAll: true,
  },
  toRecord: (row): Role => ({
    id: row.id,
    name: row.name,
    description: row.description,
    require_2fa: Boolean(row.require_2fa),
    permissions: [],
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  relations: [
    manyToMany({
      field: 'permissions',
      table: 'role_permissions',
      ownerColumn: 'role_id',
      targetColumn: 'permission_key',
      target: { table: 'permissions', column: 'key' },
    }),
  ],
  complete: completeRoles,
  constraintHints: { name: 'role.name_exists' },
  hooks: {
    beforeWrite: async (tx, ctx, { action, current, relations }) => {
      const actor = actorOf(ctx);
      const sent = relations.permissions as string[] | undefined;
      const keys = sent ?? [];
      if (action === 'create' || !current) return assertGrantable(actor, keys);
      // Only the two-factor rule changes without touching permissions (the super-admin's too).
      if (sent === undefined) return;
      if (current.name === SUPER_ADMIN_ROLE) throw invalid({ role_id: 'role.super_admin_locked' });
      // What the actor does not hold they can neither add nor take away.
      const before = await heldKeys(tx, current.id);
      assertGrantable(actor, [
        ...keys.filter((key) => !before.includes(key)),
        ...before.filter((key) => !keys.includes(key)),
      ]);
    },
    beforeDelete: async (tx, ctx, current) => {
      if (current.name === SUPER_ADMIN_ROLE) throw invalid({ id: 'role.super_admin_locked' });
      assertGrantable(actorOf(ctx), await heldKeys(tx, current.id));
    },
  },
});

export const rolesService = {
  create: (ctx: ServiceContext, input: RoleCreate) => rolesResource.create(ctx, input),

  syncPermissions: (ctx: ServiceContext, roleId: number, keys: string[]): Promise<Role> =>
    rolesResource.update(ctx, roleId, { permissions: keys }, { auditAction: 'permission' }),

  /** `sync`: the users get exactly these roles. `revoke`: the users lose these roles. */
  async assign(ctx: ServiceContext, mode: 'sync' | 'revoke', userIds: number[], roleIds: number[]) {
    const actor = actorOf(ctx);
    const users = [...new Set(userIds)];
    const roleIdSet = [...new Set(roleIds)];
    const roles = await loadRoles(ctx.db, await findRoles(ctx.db, roleIdSet));
    if (roles.length !== roleIdSet.length) throw invalid({ role_ids: 'role.not_found' });
    const found = await ctx.db.selectFrom('users').select('id').where('id', 'in', users).execute();
    if (found.length !== users.length) throw invalid({ user_ids: 'validation.foreign_key' });

    await ctx.transaction(async (tx) => {
      const current = await tx
        .selectFrom('user_roles')
        .select(['user_id', 'role_id'])
        .where('user_id', 'in', users)
        .execute();
      const touchedRoleIds = new Set(
        mode === 'sync'
          ? [...roleIdSet, ...current.map((row) => row.role_id)]
          : roleIdSet.filter((rid) => current.some((row) => row.role_id === rid)),
      );
      // Changing who holds a role is granting or taking its permissions.
      const touched = await loadRoles(tx, await findRoles(tx, [...touchedRoleIds]));
      for (const role of touched) {
        const changes =
          mode === 'revoke' ||
          users.some(
            (uid) =>
              roleIdSet.includes(role.id) !==
              current.some((row) => row.user_id === uid && row.role_id === role.id),
          );
        if (!changes) continue;
        if (role.name === SUPER_ADMIN_ROLE && !actor.isSuperAdmin)
          throw new AppError('forbidden', 'error.forbidden');
        assertGrantable(actor, role.permissions);
      }
      if (mode === 'sync') {
        await tx.deleteFrom('user_roles').where('user_id', 'in', users).execute();
        await tx
          .insertInto('user_roles')
          .values(users.flatMap((user_id) => roleIdSet.map((role_id) => ({ user_id, role_id }))))
          .execute();
      } else {
        await tx
          .deleteFrom('user_roles')
          .where('user_id', 'in', users)
          .where('role_id', 'in', roleIdSet)
          .execute();
      }
      if ((await superAdminIds(tx)).length === 0)
        throw invalid({ user_ids: 'assign.last_super_admin' });
      for (const userId of users) {
        const before = current
          .filter((row) => row.user_id === userId)
          .map((row) => row.role_id)
          .sort();
        const after = (
          await tx
            .selectFrom('user_roles')
            .select('role_id')
            .where('user_id', '=', userId)
            .execute()
        )
          .map((row) => row.role_id)
          .sort();
        await writeAudit(tx, ctx.audit, {
          action: 'permission',
          entity: 'user',
          entityId: userId,
          before: { role_ids: before },
          after: { role_ids: after },
        });
      }
    });
  },
};
