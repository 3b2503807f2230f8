import { itemResponse, listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import { PERMISSIONS } from '@backoffice/shared/permissions';
import { permissionSyncSchema, roleAssignSchema, roleCreateSchema, roleRecordSchema } from '@backoffice/shared/role.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import type { Row } from '../../core/resource';
import { rolesService } from './roles.service';

const permissionRecord = z.object({ key: z.string(), group: z.string() });
const tags = ['roles and permissions'];

export const rolesRoutes = async (app: FastifyInstance) => {
  app.get('/api/v1/permissions', {
    config: { permission: ['manage-roles', 'manage-admins-access', 'manage-permissions'] },
    schema: { tags, response: { 200: listResponse(permissionRecord) } },
    handler: async () => {
      const data = PERMISSIONS.map((key) => ({ key, group: key.includes('.') ? key.split('.')[0]! : 'manage' }));
      return { data, meta: { pagination: { count: data.length, total: data.length, per_page: data.length, current_page: 1, total_pages: 1 } } };
    },
  });

  app.get('/api/v1/roles', {
    config: { permission: ['manage-roles', 'manage-admins-access'] },
    schema: { tags, querystring: listQuerySchema, response: { 200: listResponse(roleRecordSchema) } },
    handler: (request) => rolesService.list(serviceContext(request), request.query as Row),
  });

  app.get('/api/v1/roles/:id', {
    config: { permission: ['manage-roles', 'manage-admins-access'] },
    schema: { tags, params: idParam, response: { 200: itemResponse(roleRecordSchema) } },
    handler: async (request) => ({ data: await rolesService.show(serviceContext(request), (request.params as { id: number }).id) }),
  });

  app.post('/api/v1/roles', {
    config: { permission: 'manage-roles' },
    schema: { tags, body: roleCreateSchema, response: { 201: itemResponse(roleRecordSchema) } },
    handler: async (request, reply) =>
      reply.status(201).send({ data: await rolesService.create(serviceContext(request), request.body as z.infer<typeof roleCreateSchema>) }),
  });

  app.delete('/api/v1/roles/:id', {
    config: { permission: 'manage-roles' },
    schema: { tags, params: idParam },
    handler: async (request, reply) => {
      await rolesService.remove(serviceContext(request), (request.params as { id: number }).id);
      return reply.status(204).send();
    },
  });

  app.post('/api/v1/permissions/sync', {
    config: { permission: 'manage-roles' },
    schema: { tags, body: permissionSyncSchema, response: { 200: itemResponse(roleRecordSchema) } },
    handler: async (request) => {
      const body = request.body as z.infer<typeof permissionSyncSchema>;
      return { data: await rolesService.syncPermissions(serviceContext(request), body.role_id, body.permissions) };
    },
  });

  for (const mode of ['sync', 'revoke'] as const)
    app.post(`/api/v1/roles/${mode}`, {
      config: { permission: 'manage-admins-access' },
      schema: { tags, body: roleAssignSchema },
      handler: async (request, reply) => {
        const body = request.body as z.infer<typeof roleAssignSchema>;
        await rolesService.assign(serviceContext(request), mode, body.user_ids, body.role_ids);
        return reply.status(204).send();
      },
    });
};
