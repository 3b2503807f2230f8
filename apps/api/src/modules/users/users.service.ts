import {
  SEARCH_ROLES,
  USER_STATUSES,
  userCreateSchema,
  userRecordSchema,
  userUpdateSchema,
  type User,
} from '@backoffice/shared/user.schema';
import { sql } from 'kysely';
import { z } from 'zod';
import { hashPassword } from '../../core/auth/passwords';
import { loadUserPermissions } from '../../core/auth/user-permissions';
import type { Actor } from '../../core/auth/guard';
import type { ServiceContext } from '../../core/context';
import { AppError, forbidden, invalid, unauthenticated } from '../../core/errors';
import { createResourceService, type Row } from '../../core/resource';
import { searchText } from '../../core/search';
import type { Db } from '../../db/connection';
import { now, toBool } from '../../db/types';
import { revokeSessions } from '../auth/sessions';
import { superAdminIds } from '../roles/roles.repository';
import { isEnabledSuperAdmin, rolesOfUsers, USER_COLUMNS } from './users.repository';

export const actorIn = (ctx: ServiceContext): Actor => {
  if (!ctx.actor) throw unauthenticated();
  return ctx.actor;
};

/** Acting on another user needs every permission they hold (no taking over a stronger account). */
export const assertOutranks = async (db: Db, actor: Actor, targetId: number) => {
  if (targetId === actor.user.id) return;
  const target = await loadUserPermissions(db, targetId);
  if (
    (target.isSuperAdmin && !actor.isSuperAdmin) ||
    target.permissions.some((key) => !actor.permissions.has(key))
  )
    throw forbidden();
};

/** The last enabled super-admin stays: never disabled, never deleted. */
const assertNotLastSuperAdmin = async (tx: Db, userId: number, field: string) => {
  if ((await isEnabledSuperAdmin(tx, userId)) && (await superAdminIds(tx)).length <= 1)
    throw invalid({ [field]: 'user.last_super_admin' });
};

const statusForbidden = () => new AppError('forbidden', 'user.status_forbidden');

const text = (value: unknown) => (value === undefined || value === null ? null : String(value));

export const createUsersService = (avatarUrl: (path: string) => string) =>
  createResourceService<User>({
    path: 'users',
    table: 'users',
    entity: 'user',
    permissions: {
      list: 'users.list',
      show: 'users.list',
      create: 'users.create',
      update: 'users.update',
      delete: 'users.delete',
    },
    schemas: { create: userCreateSchema, update: userUpdateSchema, record: userRecordSchema },
    // list, show, register and update have routes of their own (users.routes.ts).
    routes: ['delete'],
    list: {
      columns: USER_COLUMNS,
      search: 'index',
      searchFields: ['email', 'name', 'phone', 'status'],
      fieldColumns: {
        email: { column: 'email', match: 'exact' },
        name: { column: 'name', match: 'like' },
        phone: { column: 'phone', match: 'exact' },
        status: { column: 'status', match: 'exact' },
      },
      sortable: ['name', 'email'],
      includes: ['roles'],
      defaultOrder: ['id', 'desc'],
      counted: true,
      filters: {
        // Staff hold a role; members (clients) hold none.
        searchRole: {
          schema: z.enum(SEARCH_ROLES, { error: 'validation.invalid_value' }),
          apply: (query, value: (typeof SEARCH_ROLES)[number]) => {
            const held = sql<boolean>`exists (select 1 from user_roles where user_roles.user_id = users.id)`;
            return query.where(value === 'has' ? held : sql<boolean>`not ${held}`);
          },
        },
        status: {
          schema: z.enum(USER_STATUSES, { error: 'user.status_invalid' }),
          apply: (query, value: string) => query.where('status', '=', value),
        },
      },
    },
    toRecord: (row) => ({
      id: row.id as number,
      name: row.name as string,
      email: row.email as string,
      gender: (row.gender ?? null) as User['gender'],
      birthday: text(row.birthday),
      phone: text(row.phone),
      zalo: text(row.zalo),
      facebook: text(row.facebook),
      address: text(row.address),
      avatar: text(row.avatar),
      avatar_url: row.avatar ? avatarUrl(row.avatar as string) : null,
      status: row.status === 'enable' ? 'enable' : 'disable',
      must_change_password: toBool(row.must_change_password as number),
      created_at: row.created_at as string,
      updated_at: row.updated_at as string,
    }),
    searchText: (row) => searchText(row.name as string, row.email as string, row.phone as string),
    constraintHints: { email: 'email.exists' },
    includes: {
      roles: async (ctx, records) => {
        const roles = await rolesOfUsers(
          ctx.db,
          records.map((record) => record.id),
        );
        for (const record of records) record.roles = roles.get(record.id) ?? [];
      },
    },
    hooks: {
      beforeCreate: async (ctx, input) => {
        const actor = actorIn(ctx);
        // Setting the status is updating a user; status defaults to disable.
        if (input.status !== undefined && !actor.permissions.has('users.update'))
          throw statusForbidden();
        const { password, ...rest } = input;
        const stamp = now();
        return {
          ...rest,
          status: input.status ?? 'disable',
          password_hash: await hashPassword(password as string),
          must_change_password: false,
          password_changed_at: stamp,
        };
      },
      beforeUpdate: async (ctx, input: Row, current: Row, tx) => {
        const actor = actorIn(ctx);
        const userId = current.id as number;
        await assertOutranks(tx, actor, userId);
        const { status, ...rest } = input;
        if (status === undefined || status === current.status) return rest;
        if (!actor.permissions.has('users.update')) throw statusForbidden();
        if (status === 'disable') {
          if (userId === actor.user.id) throw invalid({ status: 'user.self_disable' });
          await assertNotLastSuperAdmin(tx, userId, 'status');
          // A disabled user's tokens are refused from the next request.
          await revokeSessions(tx, { userId });
        }
        return { ...rest, status };
      },
      beforeDelete: async (ctx, current, tx) => {
        const actor = actorIn(ctx);
        const userId = current.id as number;
        if (userId === actor.user.id) throw invalid({ id: 'user.self_delete' });
        await assertOutranks(tx, actor, userId);
        await assertNotLastSuperAdmin(tx, userId, 'id');
      },
    },
  });

export type UsersService = ReturnType<typeof createUsersService>;
