import { isPermission, SUPER_ADMIN_ROLE } from '@backoffice/shared/permissions';
import type { Role, RoleCreate } from '@backoffice/shared/role.schema';
import type { Actor } from '../../core/auth/guard';
import { writeAudit } from '../../core/audit';
import type { ServiceContext } from '../../core/context';
import { AppError, invalid, notFound } from '../../core/errors';
import { paginate, parseListQuery } from '../../core/list-query';
import type { Row } from '../../core/resource';
import { translateDbError } from '../../db/db-errors';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import { findRoles, loadRoles, roleColumns, superAdminIds } from './roles.repository';

const actorOf = (ctx: ServiceContext): Actor => {
  if (!ctx.actor) throw new AppError('unauthenticated', 'error.unauthenticated');
  return ctx.actor;
};

/** Nobody grants a permission they do not hold themselves. */
const assertGrantable = (actor: Actor, keys: readonly string[]) => {
  const unknown = keys.filter((key) => !isPermission(key));
  if (unknown.length > 0) throw invalid({ permissions: { key: 'permission.unknown', params: { keys: unknown.join(', ') } } });
  const missing = keys.filter((key) => !actor.permissions.has(key));
  if (missing.length > 0) throw new AppError('forbidden', 'permission.not_held', { keys: missing.join(', ') });
};

const setRolePermissions = async (tx: Db, roleId: number, keys: readonly string[]) => {
  await tx.deleteFrom('role_permissions').where('role_id', '=', roleId).execute();
  const unique = [...new Set(keys)];
  if (unique.length > 0)
    await tx.insertInto('role_permissions').values(unique.map((key) => ({ role_id: roleId, permission_key: key }))).execute();
};

const loadRole = async (db: Db, id: number) => {
  const [row] = await findRoles(db, [id]);
  if (!row) throw notFound();
  return (await loadRoles(db, [row]))[0]!;
};

export const rolesService = {
  async list(ctx: ServiceContext, query: Row) {
    const list = parseListQuery(query, {
      searchFields: ['name'],
      sortable: ['name'],
      includes: [],
      defaultOrder: ['id', 'asc'],
      allowAll: true,
    });
    let base = ctx.db.selectFrom('roles');
    const term = list.term ?? list.fields.find((f) => f.field === 'name')?.value;
    if (term) base = base.where('name', 'like', `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`);
    const [column, direction] = list.order as ['id' | 'name' | 'created_at', 'asc' | 'desc'];
    let page = base.select(roleColumns).orderBy(column, direction).orderBy('id', direction);
    if (list.limit > 0) page = page.limit(list.limit).offset((list.page - 1) * list.limit);
    const rows = await page.execute();
    const total = Number((await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const data = await loadRoles(ctx.db, rows);
    return { data, meta: { pagination: paginate(data.length, total, list) } };
  },

  show: (ctx: ServiceContext, id: number) => loadRole(ctx.db, id),

  async create(ctx: ServiceContext, input: RoleCreate): Promise<Role> {
    const actor = actorOf(ctx);
    assertGrantable(actor, input.permissions);
    try {
      const id = await ctx.transaction(async (tx) => {
        const stamp = now();
        const role = await tx
          .insertInto('roles')
          .values({ name: input.name, description: input.description, created_at: stamp, updated_at: stamp })
          .returning('id')
          .executeTakeFirstOrThrow();
        await setRolePermissions(tx, role.id, input.permissions);
        await writeAudit(tx, ctx.audit, {
          action: 'create',
          entity: 'role',
          entityId: role.id,
          after: { name: input.name, description: input.description, permissions: [...new Set(input.permissions)].sort() },
        });
        return role.id;
      });
      return loadRole(ctx.db, id);
    } catch (error) {
      throw translateDbError(error, { name: 'role.name_exists' });
    }
  },

  async syncPermissions(ctx: ServiceContext, roleId: number, keys: string[]): Promise<Role> {
    const actor = actorOf(ctx);
    const before = await loadRole(ctx.db, roleId);
    if (before.name === SUPER_ADMIN_ROLE) throw invalid({ role_id: 'role.super_admin_locked' });
    // What the actor does not hold they can neither add nor take away.
    const added = keys.filter((key) => !before.permissions.includes(key));
    const removed = before.permissions.filter((key) => !keys.includes(key));
    assertGrantable(actor, [...added, ...removed]);
    await ctx.transaction(async (tx) => {
      await setRolePermissions(tx, roleId, keys);
      await tx.updateTable('roles').set({ updated_at: now() }).where('id', '=', roleId).execute();
      await writeAudit(tx, ctx.audit, {
        action: 'permission',
        entity: 'role',
        entityId: roleId,
        details: { permissions: [before.permissions, [...new Set(keys)].sort()] },
      });
    });
    return loadRole(ctx.db, roleId);
  },

  async remove(ctx: ServiceContext, id: number) {
    const actor = actorOf(ctx);
    const role = await loadRole(ctx.db, id);
    if (role.name === SUPER_ADMIN_ROLE) throw invalid({ id: 'role.super_admin_locked' });
    assertGrantable(actor, role.permissions);
    await ctx.transaction(async (tx) => {
      await tx.deleteFrom('roles').where('id', '=', id).execute();
      await writeAudit(tx, ctx.audit, { action: 'delete', entity: 'role', entityId: id, before: { ...role } as Row });
    });
  },

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
      const current = await tx.selectFrom('user_roles').select(['user_id', 'role_id']).where('user_id', 'in', users).execute();
      const touchedRoleIds = new Set(
        mode === 'sync' ? [...roleIdSet, ...current.map((row) => row.role_id)] : roleIdSet.filter((rid) => current.some((row) => row.role_id === rid)),
      );
      // Changing who holds a role is granting or taking its permissions.
      const touched = await loadRoles(tx, await findRoles(tx, [...touchedRoleIds]));
      for (const role of touched) {
        const changes =
          mode === 'revoke' ||
          users.some((uid) => roleIdSet.includes(role.id) !== current.some((row) => row.user_id === uid && row.role_id === role.id));
        if (!changes) continue;
        if (role.name === SUPER_ADMIN_ROLE && !actor.isSuperAdmin) throw new AppError('forbidden', 'error.forbidden');
        assertGrantable(actor, role.permissions);
      }
      if (mode === 'sync') {
        await tx.deleteFrom('user_roles').where('user_id', 'in', users).execute();
        await tx
          .insertInto('user_roles')
          .values(users.flatMap((user_id) => roleIdSet.map((role_id) => ({ user_id, role_id }))))
          .execute();
      } else {
        await tx.deleteFrom('user_roles').where('user_id', 'in', users).where('role_id', 'in', roleIdSet).execute();
      }
      if ((await superAdminIds(tx)).length === 0) throw invalid({ user_ids: 'assign.last_super_admin' });
      for (const userId of users) {
        const before = current.filter((row) => row.user_id === userId).map((row) => row.role_id).sort();
        const after = (await tx.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute())
          .map((row) => row.role_id)
          .sort();
        await writeAudit(tx, ctx.audit, { action: 'permission', entity: 'user', entityId: userId, details: { role_ids: [before, after] } });
      }
    });
  },
};
