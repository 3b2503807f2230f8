import { itemResponse, listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
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
} from '@backoffice/shared/user.schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../core/auth/guard';
import { avatarChange } from '../../core/avatar';
import { serviceContext, type ServiceContext } from '../../core/context';
import { forbidden } from '../../core/errors';
import { readForm } from '../../core/form';
import { requestLocale } from '../../core/locale';
import { registerResource, type Row } from '../../core/resource';
import { mailerOf } from '../../mail/mail.routes';
import { passwordResetService } from './password-reset.service';
import { createUsersService } from './users.service';

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

/** One's own record is readable and editable; anyone else's needs the permission. */
const selfOr = (request: FastifyRequest, id: number, permission: 'users.list' | 'users.update') => {
  const actor = actorOf(request);
  if (actor.user.id !== id && !actor.permissions.has(permission)) throw forbidden();
};

export const usersRoutes = async (app: FastifyInstance) => {
  const avatarUrl = (path: string) => app.deps.avatars?.url(path) ?? path;
  const service = createUsersService(avatarUrl);
  registerResource(app, service);

  const saveAvatar = async (
    ctx: ServiceContext,
    files: Awaited<ReturnType<typeof readForm>>['files'],
  ) => {
    const file = files.find((f) => f.field === 'avatar');
    return file && app.deps.avatars ? { avatar: await app.deps.avatars.save(ctx, file) } : {};
  };

  app.get('/api/v1/users', {
    config: { permission: 'users.list' },
    schema: { tags, querystring: listQuery, response: { 200: listResponse(userRecordSchema) } },
    handler: (request) => {
      const query = request.query as Row & { search?: string };
      return service.list(serviceContext(request), {
        ...query,
        search: foldEmailSearch(query.search),
      });
    },
  });

  app.post('/api/v1/register', {
    config: { permission: 'users.create' },
    schema: {
      tags,
      description:
        'JSON or multipart/form-data with the fields of userCreateSchema; `avatar` is an image file',
      response: { 201: itemResponse(userRecordSchema) },
    },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const { fields, files } = await readForm(request, userCreateSchema, { files: ['avatar'] });
      const data = await service.create(ctx, { ...fields, ...(await saveAvatar(ctx, files)) });
      return reply.status(201).send({ data });
    },
  });

  app.get('/api/v1/users/:id', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      params: idParam,
      querystring: z.object({ include: z.string().max(200).optional() }),
      response: { 200: itemResponse(userRecordSchema) },
    },
    handler: async (request) => {
      const { id } = request.params as { id: number };
      selfOr(request, id, 'users.list');
      return {
        data: await service.show(
          serviceContext(request),
          id,
          (request.query as { include?: string }).include,
        ),
      };
    },
  });

  // `POST /users/{id}?_method=PATCH` (multipart) arrives here as PATCH.
  app.patch('/api/v1/users/:id', {
    config: { permission: 'authenticated' },
    schema: {
      tags,
      params: idParam,
      description:
        'JSON or multipart/form-data with the fields of userUpdateSchema; `avatar` is an image file, or the URL of an image in the media library ("" or null removes it)',
      response: { 200: itemResponse(userRecordSchema) },
    },
    handler: async (request) => {
      const { id } = request.params as { id: number };
      selfOr(request, id, 'users.update');
      const ctx = serviceContext(request);
      const { fields, files } = await readForm(request, userUpdateSchema, { files: ['avatar'] });
      const { avatar, ...rest } = fields;
      return {
        data: await service.update(ctx, id, {
          ...rest,
          ...(await avatarChange(app, request, ctx, id, avatar, files)),
        }),
      };
    },
  });

  app.post('/api/v1/users/:id/reset-password', {
    config: { permission: 'users.update' },
    schema: {
      tags,
      params: idParam,
      body: passwordResetRequestSchema,
      response: { 200: itemResponse(passwordResetResultSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { id } = request.params as { id: number };
      const { mode } = request.body as z.infer<typeof passwordResetRequestSchema>;
      if (mode === 'default') return { data: await passwordResetService.resetToDefault(ctx, id) };
      const linkBase = app.deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
      return {
        data: await passwordResetService.sendResetLink(ctx, id, {
          mailer: mailerOf(app),
          linkBase,
          locale: requestLocale(request),
        }),
      };
    },
  });

  app.post('/api/v1/password/reset', {
    config: { permission: 'public' },
    schema: { tags, body: passwordResetSchema },
    handler: async (request, reply) => {
      const body = request.body as z.infer<typeof passwordResetSchema>;
      await passwordResetService.complete(serviceContext(request), body.token, body.new_password);
      return reply.status(204).send();
    },
  });
};
