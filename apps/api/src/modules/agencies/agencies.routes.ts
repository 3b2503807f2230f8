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
import type { FastifyInstance } from 'fastify';
import { type z } from 'zod';
import { writeAudit } from '../../core/audit';
import { serviceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import { paginate, parseListQuery } from '../../core/list-query';
import { createResourceService, registerResource, crudPermissions } from '../../core/resource';
import { agencyUsersPage, attachUsers, detachUsers, usersCounts } from './agencies.repository';

export const agenciesService = createResourceService<Agency>({
  path: 'agencies',
  table: 'agencies',
  entity: 'agency',
  permissions: crudPermissions('agencies'),
  schemas: { create: agencyCreateSchema, update: agencyUpdateSchema, record: agencyRecordSchema },
  list: {
    search: ['name'],
    searchFields: ['name'],
    fieldColumns: { name: { column: 'name', match: 'like' } },
    sortable: ['sort', 'name'],
    includes: [],
    // Spec §4: agencies are sorted by sort.
    defaultOrder: ['sort', 'asc'],
  },
  toRecord: (row) => ({
    id: row.id as number,
    name: row.name as string,
    description: (row.description ?? null) as string | null,
    sort: Number(row.sort ?? 0),
    created_at: row.created_at as string,
    updated_at: row.updated_at as string,
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
    beforeCreate: (_ctx, input) => ({ ...input, sort: input.sort ?? 0 }),
  },
});

const tags = ['agencies'];

export const agenciesRoutes = async (app: FastifyInstance) => {
  registerResource(app, agenciesService);

  for (const mode of ['attach', 'detach'] as const)
    app.post(`/api/v1/agencies/${mode}`, {
      config: { permission: 'agencies.update' },
      schema: { tags, body: agencyUsersSchema },
      handler: async (request, reply) => {
        const ctx = serviceContext(request);
        const body = request.body as z.infer<typeof agencyUsersSchema>;
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
      tags,
      params: idParam,
      querystring: listQuerySchema.pick({ page: true, limit: true }),
      response: { 200: listResponse(agencyUserSchema) },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const { id } = request.params as { id: number };
      if (!(await agenciesService.findRow(ctx.db, id))) throw notFound();
      const list = parseListQuery(request.query as object, {
        searchFields: [],
        sortable: [],
        includes: [],
        defaultOrder: ['id', 'asc'],
      });
      const { rows, total } = await agencyUsersPage(
        ctx.db,
        id,
        list.limit,
        (list.page - 1) * list.limit,
      );
      return { data: rows, meta: { pagination: paginate(rows.length, total, list) } };
    },
  });
};
