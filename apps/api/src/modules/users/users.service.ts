import { normalizePhone } from '@backoffice/shared/phone';
import {
  profileUpdateSchema,
  SEARCH_ROLES,
  USER_STATUSES,
  userCreateSchema,
  userRecordSchema,
  userUpdateSchema,
  type User,
  type UserCreate,
} from '@backoffice/shared/user.schema';
import { z } from 'zod';
import { mayManage } from '../../core/auth/outranks';
import { actorOf } from '../../core/auth/guard';
import type { ServiceContext } from '../../core/context';
import { AppError, invalid } from '../../core/errors';
import { equalsFilter } from '../../core/list-engine';
import { createResourceService } from '../../core/resource';
import { searchText } from '../../core/search';
import type { Db } from '../../db/connection';
import { toBool } from '../../db/types';
import { newPassword, revokeSessions } from '../auth';
import { superAdminIds } from '../roles';
import { isEnabledSuperAdmin, rolesOfUsers, USER_COLUMNS, userRecord } from './users.repository';

/** The last enabled super-admin stays: never disabled, never deleted. */
const assertNotLastSuperAdmin = async (tx: Db, userId: number, field: string) => {
  if ((await isEnabledSuperAdmin(tx, userId)) && (await superAdminIds(tx)).length <= 1)
    throw invalid({ [field]: 'user.last_super_admin' });
};

const statusForbidden = () => new AppError('forbidden', 'user.status_forbidden');

const text = (value: unknown) => (value === undefined || value === null ? null : String(value));

/**
 * What an update of a user may change: an administrator's fields (`PATCH /users/{id}`)
 * and one's own identity-card fields (`PATCH /profile`). Each route validates its body with
 * its own schema; this one names what the service takes.
 */
const userChangeSchema = userUpdateSchema
  .extend(
    profileUpdateSchema.pick({
      marital_status: true,
      id_card: true,
      id_card_date: true,
      id_card_place: true,
    }).shape,
  )
  .partial();

export type UserChange = z.infer<typeof userChangeSchema>;

/** Every write of a users row: registration, an administrator's edit, one's own profile. */
export const usersResource = createResourceService({
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
  schemas: { create: userCreateSchema, update: userChangeSchema, record: userRecordSchema },
  // list, show, register and update have routes of their own (users.routes.ts).
  routes: ['delete'],
  list: {
    columns: USER_COLUMNS,
    search: 'index',
    searchFields: {
      email: { column: 'email', match: 'exact' },
      name: { column: 'name', match: 'contains' },
      phone: { column: 'phone', match: 'exact', normalize: normalizePhone },
      status: { column: 'status', match: 'exact' },
    },
    sortable: ['name', 'email'],
    defaultOrder: ['id', 'desc'],
    counted: true,
    filters: {
      // Staff hold a role; members (clients) hold none.
      searchRole: {
        schema: z.enum(SEARCH_ROLES, { error: 'validation.invalid_value' }),
        where: (eb, value: (typeof SEARCH_ROLES)[number]) => {
          const held = eb.exists(
            eb
              .selectFrom('user_roles')
              .select('user_roles.role_id')
              .whereRef('user_roles.user_id', '=', 'users.id'),
          );
          return value === 'has' ? held : eb.not(held);
        },
      },
      status: equalsFilter<'users'>(
        'status',
        z.enum(USER_STATUSES, { error: 'user.status_invalid' }),
      ),
    },
  },
  toRecord: (row): User => ({
    id: row.id,
    name: row.name,
    email: row.email,
    gender: row.gender ?? null,
    birthday: text(row.birthday),
    phone: text(row.phone),
    zalo: text(row.zalo),
    facebook: text(row.facebook),
    address: text(row.address),
    avatar: text(row.avatar),
    // The stored avatar is the URL a browser loads (a media item's thumbnail).
    avatar_url: row.avatar || null,
    status: row.status === 'enable' ? 'enable' : 'disable',
    must_change_password: toBool(row.must_change_password),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  searchText: (row) => searchText(row.name, row.email, row.phone),
  // The audit log traces the identity-card fields too, which the record does not show.
  auditOf: userRecord,
  constraintHints: { email: 'email.exists' },
  includes: {
    roles: async (ctx: ServiceContext, records: User[]) => {
      const roles = await rolesOfUsers(
        ctx.db,
        records.map((record) => record.id),
      );
      for (const record of records) record.roles = roles.get(record.id) ?? [];
    },
  },
  // Nobody edits or deletes an account that holds what they lack (one's own is always theirs).
  rowAccess: (tx, ctx, row) => mayManage(tx, actorOf(ctx), row.id),
  hooks: {
    // Hashing is slow on purpose: it happens before the transaction, never under its lock.
    prepare: async (ctx, change) => {
      const actor = actorOf(ctx);
      if (change.action === 'update') {
        // The avatar is the route's side work; the current password only guards an email change.
        const {
          avatar: _avatar,
          current_password: _password,
          ...values
        } = change.input as UserChange;
        return { values };
      }
      const { password, ...rest } = change.input as UserCreate;
      // Setting the status is updating a user; status defaults to disable.
      if (rest.status !== undefined && !actor.permissions.has('users.update'))
        throw statusForbidden();
      return {
        values: {
          ...rest,
          status: rest.status ?? 'disable',
          // The administrator typed this password, so it is theirs as much as the user's:
          // the user replaces it at the first sign-in.
          ...(await newPassword(password, { mustChange: true })),
        },
      };
    },
    beforeWrite: async (tx, ctx, { action, values, current }) => {
      if (action === 'create' || !current) return;
      const actor = actorOf(ctx);
      if (values.status === undefined || values.status === current.status) return;
      if (!actor.permissions.has('users.update')) throw statusForbidden();
      if (values.status === 'disable') {
        if (current.id === actor.user.id) throw invalid({ status: 'user.self_disable' });
        await assertNotLastSuperAdmin(tx, current.id, 'status');
      }
    },
    afterWrite: async (tx, _ctx, { row, before }) => {
      // A disabled user's tokens are refused from the next request.
      if (before && before.status === 'enable' && row.status === 'disable')
        await revokeSessions(tx, { userId: row.id });
    },
    beforeDelete: async (tx, ctx, current) => {
      const actor = actorOf(ctx);
      if (current.id === actor.user.id) throw invalid({ id: 'user.self_delete' });
      await assertNotLastSuperAdmin(tx, current.id, 'id');
    },
  },
});
