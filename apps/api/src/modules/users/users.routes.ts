import {
  itemResponse,
  listQuerySchema,
  listResponse,
  showQuerySchema,
} from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import {
  passwordResetRequestSchema,
  passwordResetResultSchema,
  passwordResetSchema,
  SEARCH_ROLES,
  USER_STATUSES,
  userCreateSchema,
  userRecordSchema,
  userUpdateSchema,
  type User,
  type UserCreate,
} from '@backoffice/shared/user.schema';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../core/auth/guard';
import { serviceContext } from '../../core/context';
import { forbidden, invalid } from '../../core/errors';
import { exportColumns, exportQuerySchema, registerExport } from '../../core/export/export-route';
import { FORM_BODY, readForm } from '../../core/form';
import { optionalCell, registerImport } from '../../core/import/import-route';
import { randomBytes } from 'node:crypto';
import type { Row } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { mailLinkBase } from '../../mail/link-base';
import { prepareAvatar } from '../media';
import { announceEmailChange, checkOwnEmailChange } from './email-change';
import { passwordResetService } from './password-reset.service';
import { usersResource as service } from './users.service';
import type { TypedApp } from '../../core/typed-app';

const tags = ['users'];
const listQuery = listQuerySchema.extend({
  searchRole: z.enum(SEARCH_ROLES, { error: 'validation.invalid_value' }).optional(),
  status: z.enum(USER_STATUSES, { error: 'user.status_invalid' }).optional(),
});

// Emails are compared case-insensitively and stored lowercased: `search=email:A@B.C` finds a@b.c.
const foldEmailSearch = (search: string | undefined) =>
  search?.replace(
    /(^|;)\s*email:([^;]*)/gi,
    (_, lead: string, value: string) => `${lead}email:${value.trim().toLowerCase()}`,
  );

const foldedQuery = (query: Row) => ({
  ...query,
  search: typeof query.search === 'string' ? foldEmailSearch(query.search) : undefined,
});

/** One's own record is readable and editable; anyone else's needs the permission. */
const selfOr = (request: FastifyRequest, id: number, permission: 'users.list' | 'users.update') => {
  const actor = actorOf(request);
  if (actor.user.id !== id && !actor.permissions.has(permission)) throw forbidden();
};

export const usersRoutes = async (app: TypedApp) => {
  registerResource(app, service);

  app.get('/api/v1/users', {
    config: { permission: 'users.list' },
    schema: {
      summary: 'List users (staff with a role, members without)',
      tags,
      querystring: listQuery,
      response: { 200: listResponse(userRecordSchema) },
    },
    handler: (request) => {
      const query = request.query;
      return service.list(serviceContext(request), {
        ...query,
        search: foldEmailSearch(query.search),
      });
    },
  });

  registerExport(app, {
    path: 'users',
    permission: 'users.list',
    querystring: exportQuerySchema.extend(listQuery.pick({ searchRole: true, status: true }).shape),
    columns: exportColumns<User>(
      {
        id: (user) => user.id,
        name: (user) => user.name,
        email: (user) => user.email,
        phone: (user) => user.phone,
        gender: (user) => user.gender,
        birthday: (user) => user.birthday,
        address: (user) => user.address,
        status: (user) => user.status,
        created_at: (user) => user.created_at,
      },
      { gender: 'user.gender', status: 'user.status' },
    ),
    rows: (ctx, query) => service.stream(ctx, foldedQuery(query)),
    total: async (ctx, query) =>
      (await service.list(ctx, { ...foldedQuery(query), limit: 1 })).meta.pagination.total,
  });

  registerImport(app, {
    path: 'users',
    permission: 'users.create',
    parse: (cells) =>
      userCreateSchema.safeParse({
        name: cells.name ?? '',
        email: (cells.email ?? '').toLowerCase(),
        // Imported members choose their own password (reset by mail): this one nobody knows.
        password: `${randomBytes(18).toString('base64url')}-Aa1`,
        phone: optionalCell(cells.phone),
        gender: optionalCell(cells.gender),
        birthday: optionalCell(cells.birthday),
        address: optionalCell(cells.address),
        status: optionalCell(cells.status),
      }),
    listed: { gender: 'user.gender', status: 'user.status' },
    days: ['birthday'],
    // emails are compared as stored: lowercased above
    unique: { field: 'email', of: (input) => input.email, message: 'import.email_repeated' },
    write: async (ctx, input: UserCreate) => {
      const existing = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', input.email)
        .executeTakeFirst();
      if (!existing) {
        await service.create(ctx, input);
        return 'created';
      }
      const staff = await ctx.db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', existing.id)
        .executeTakeFirst();
      if (staff) throw invalid({ email: 'import.not_a_member' });
      const { password: _password, email: _email, ...fields } = input;
      await service.update(ctx, existing.id, fields);
      return 'updated';
    },
  });

  app.post('/api/v1/register', {
    config: { permission: 'users.create', form: { schema: userCreateSchema, files: ['avatar'] } },
    schema: {
      summary: 'Register a user',
      tags,
      consumes: FORM_BODY,
      description:
        'JSON or multipart/form-data with the fields of userCreateSchema; `avatar` is an image file',
      response: { 201: itemResponse(userRecordSchema) },
    },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const { fields, files } = await readForm(request, userCreateSchema, { files: ['avatar'] });
      const avatar = await prepareAvatar(app, request, ctx, undefined, undefined, files);
      const data = await service.create(ctx, fields, avatar);
      return reply.status(201).send({ data });
    },
  });

  app.get('/api/v1/users/:id', {
    config: { permission: 'authenticated' },
    schema: {
      summary: 'Show one user',
      tags,
      params: idParam,
      querystring: showQuerySchema,
      response: { 200: itemResponse(userRecordSchema) },
    },
    handler: async (request) => {
      const { id } = request.params;
      selfOr(request, id, 'users.list');
      return {
        data: await service.show(serviceContext(request), id, request.query.include),
      };
    },
  });

  // `POST /users/{id}?_method=PATCH` (multipart) arrives here as PATCH.
  app.patch('/api/v1/users/:id', {
    config: { permission: 'authenticated', form: { schema: userUpdateSchema, files: ['avatar'] } },
    schema: {
      summary: 'Update a user',
      tags,
      params: idParam,
      consumes: FORM_BODY,
      description:
        'JSON or multipart/form-data with the fields of userUpdateSchema; `avatar` is an image file, or the URL of an image in the media library ("" or null removes it)',
      response: { 200: itemResponse(userRecordSchema) },
    },
    handler: async (request) => {
      const { id } = request.params;
      selfOr(request, id, 'users.update');
      const ctx = serviceContext(request);
      const { fields, files } = await readForm(request, userUpdateSchema, { files: ['avatar'] });
      const { avatar: text, current_password: currentPassword, ...rest } = fields;
      // One's own record: the same rule as the profile for the sign-in email.
      const emailChange =
        id === actorOf(request).user.id
          ? await checkOwnEmailChange(ctx, id, rest.email, currentPassword)
          : undefined;
      if (emailChange) await announceEmailChange(app.mailer, emailChange, ctx.locale);
      const current = await service.findRow(ctx.db, id);
      const avatar = await prepareAvatar(app, request, ctx, current, text, files);
      // The avatar column is decided by prepareAvatar (a stored upload, a library image, or none).
      return { data: await service.update(ctx, id, rest, avatar) };
    },
  });

  app.post('/api/v1/users/:id/reset-password', {
    config: { permission: 'users.update' },
    schema: {
      summary: "Reset a user's password (one-time password or mailed link)",
      tags,
      params: idParam,
      body: passwordResetRequestSchema,
      response: { 200: itemResponse(passwordResetResultSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { id } = request.params;
      const { mode } = request.body;
      if (mode === 'default') return { data: await passwordResetService.resetToDefault(ctx, id) };
      return {
        data: await passwordResetService.sendResetLink(ctx, id, {
          mailer: app.mailer,
          linkBase: mailLinkBase(app.config).url,
        }),
      };
    },
  });

  app.post('/api/v1/password/reset', {
    config: { permission: 'public' },
    schema: { summary: 'Set a new password with a reset link', tags, body: passwordResetSchema },
    handler: async (request, reply) => {
      const body = request.body;
      await passwordResetService.complete(serviceContext(request), body.token, body.new_password);
      return reply.status(204).send();
    },
  });
};
