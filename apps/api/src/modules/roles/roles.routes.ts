import { itemResponse, listResponse } from '@backoffice/shared/list-query.schema';
import { PERMISSIONS } from '@backoffice/shared/permissions';
import {
  permissionRecordSchema,
  permissionSyncSchema,
  roleAssignSchema,
  roleRecordSchema,
} from '@backoffice/shared/role.schema';
import { serviceContext } from '../../core/context';
import { wholeListPage } from '../../core/list-query';
import { registerResource } from '../../core/resource-routes';
import { rolesResource, rolesService } from './roles.service';
import type { TypedApp } from '../../core/typed-app';

const tags = ['roles and permissions'];

export const rolesRoutes = async (app: TypedApp) => {
  app.get('/api/v1/permissions', {
    config: { permission: ['manage-roles', 'manage-admins-access', 'manage-permissions'] },
    schema: {
      summary: 'List every permission key',
      tags,
      response: { 200: listResponse(permissionRecordSchema) },
    },
    handler: async () => {
      return wholeListPage(
        PERMISSIONS.map((key) => ({
          key,
          group: key.includes('.') ? key.split('.')[0]! : 'manage',
        })),
      );
    },
  });

  registerResource(app, rolesResource);

  app.post('/api/v1/permissions/sync', {
    config: { permission: 'manage-roles' },
    schema: {
      summary: "Set a role's permissions",
      tags,
      body: permissionSyncSchema,
      response: { 200: itemResponse(roleRecordSchema) },
    },
    handler: async (request) => {
      const body = request.body;
      return {
        data: await rolesService.syncPermissions(
          serviceContext(request),
          body.role_id,
          body.permissions,
        ),
      };
    },
  });

  for (const mode of ['sync', 'revoke'] as const)
    app.post(`/api/v1/roles/${mode}`, {
      config: { permission: 'manage-admins-access' },
      schema: {
        summary: mode === 'sync' ? 'Give users exactly these roles' : 'Take roles away from users',
        tags,
        body: roleAssignSchema,
      },
      handler: async (request, reply) => {
        const body = request.body;
        await rolesService.assign(serviceContext(request), mode, body.user_ids, body.role_ids);
        return reply.status(204).send();
      },
    });
};
