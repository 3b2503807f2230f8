import {
  agencyCreateSchema,
  agencyRecordSchema,
  agencyUpdateSchema,
  agencyUserSchema,
  agencyUsersSchema,
  type Agency,
} from '@backoffice/shared/agency.schema';
import { listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import { z } from 'zod';
import { writeAudit } from '../../core/audit';
import { serviceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import { createListEngine } from '../../core/list-engine';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { attachUsers, detachUsers, usersCounts } from './agencies.repository';
import type { TypedApp } from '../../core/typed-app';

export const agenciesService = createResourceService({
  path: 'agencies',
  table: 'agencies',
  entity: 'agency',
  permissions: crudPermissions('agencies'),
  schemas: { create: agencyCreateSchema, update: agencyUpdateSchema, record: agencyRecordSchema },
  list: {
    search: ['name'],
    searchFields: { name: { column: 'name', match: 'contains' } },
    sortable: ['sort', 'name'],
    // Agencies are listed by their sort order (spec: "sorted by sort").
    defaultOrder: ['sort', 'asc'],
  },
  toRecord: (row): Agency => ({
    id: row.id,
    name: row.name,
    description: row.description ?? null,
    sort: Number(row.sort ?? 0),
    created_at: row.created_at,
    updated_at: row.updated_at,
  }),
  includes: {
    users_count: async (ctx, records) => {
      const counts = await usersCounts(
        ctx.db,
        records.map((r) => r.id),
      );
      for (const record of records) record.users_count = counts.get(record.id) ?? 0;
    },
  },
  hooks: {
    prepare: (_ctx, { action, input }) => ({
      values: action === 'create' ? { ...input, sort: input.sort ?? 0 } : input,
    }),
  },
});

const tags = ['agencies'];

/** The users of one agency: the screen's columns, by name. */
const agencyUsers = createListEngine(
  'users',
  {
    columns: ['name', 'email', 'status'],
    defaultOrder: ['name', 'asc'],
    filters: {
      agency_id: {
        schema: z.number(),
        where: (eb, agencyId: number) =>
          eb.exists(
            eb
              .selectFrom('agency_users')
              .select('agency_users.user_id')
              .whereRef('agency_users.user_id', '=', 'users.id')
              .where('agency_users.agency_id', '=', agencyId),
          ),
      },
    },
  },
  (row): z.infer<typeof agencyUserSchema> => ({
    id: row.id,
    name: row.name,
    email: row.email,
    status: row.status,
  }),
);

export const agenciesRoutes = async (app: TypedApp) => {
  registerResource(app, agenciesService, { bulkDelete: true });

  for (const mode of ['attach', 'detach'] as const)
    app.post(`/api/v1/agencies/${mode}`, {
      config: { permission: 'agencies.update' },
      schema: {
        summary: mode === 'attach' ? 'Attach users to an agency' : 'Detach users from an agency',
        tags,
        body: agencyUsersSchema,
      },
      handler: async (request, reply) => {
        const ctx = serviceContext(request);
        const body = request.body;
        const userIds = [...new Set(body.user_ids)];
        await ctx.transaction(async (tx) => {
          if (!(await agenciesService.findRow(tx, body.agency_id)))
            throw invalid({ agency_id: 'validation.foreign_key' });
          const found = await tx
            .selectFrom('users')
            .select('id')
            .where('id', 'in', userIds)
            .execute();
          if (found.length !== userIds.length)
            throw invalid({ user_ids: 'validation.foreign_key' });
          const changed =
            mode === 'attach'
              ? await attachUsers(tx, body.agency_id, userIds)
              : await detachUsers(tx, body.agency_id, userIds);
          await writeAudit(tx, ctx.audit, {
            action: 'update',
            entity: 'agency',
            entityId: body.agency_id,
            details: { [mode]: userIds, changed },
          });
        });
        return reply.status(204).send();
      },
    });

  app.get('/api/v1/agencies/:id/users', {
    config: { permission: 'agencies.list' },
    schema: {
      summary: 'List the users of an agency',
      tags,
      params: idParam,
      querystring: listQuerySchema.pick({ page: true, limit: true }),
      response: { 200: listResponse(agencyUserSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { id } = request.params;
      if (!(await agenciesService.findRow(ctx.db, id))) throw notFound();
      return agencyUsers.list(ctx, {
        ...request.query,
        agency_id: id,
      });
    },
  });
};
