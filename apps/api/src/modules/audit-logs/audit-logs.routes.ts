import { listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { createResourceService, samePermission, type Row } from '../../core/resource';
import { fromJson } from '../../db/types';

const auditRecordSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});

type AuditRecord = z.infer<typeof auditRecordSchema>;

const digits = z.string().regex(/^\d{1,15}$/, { error: 'list.filter' }).transform(Number);

/** The audit log is read-only: only its list route is registered. */
export const auditLogsService = createResourceService<AuditRecord>({
  path: 'audit-logs',
  table: 'audit_logs',
  entity: 'audit_log',
  permissions: samePermission('audit.list'),
  schemas: { create: z.object({}), update: z.object({}), record: auditRecordSchema },
  routes: ['list'],
  list: {
    search: ['entity', 'action'],
    searchFields: ['entity', 'action', 'entity_id', 'user_id'],
    fieldColumns: { user_id: { column: 'user_id', match: 'number' } },
    sortable: [],
    includes: [],
    defaultOrder: ['id', 'desc'],
    counted: true,
    filters: {
      user_id: { schema: digits, apply: (q, value: number) => q.where('user_id', '=', value) },
      entity: { schema: z.string().max(50), apply: (q, value: string) => q.where('entity', '=', value) },
      entity_id: { schema: z.string().max(50), apply: (q, value: string) => q.where('entity_id', '=', value) },
      action: { schema: z.string().max(50), apply: (q, value: string) => q.where('action', '=', value) },
    },
  },
  toRecord: (row: Row) => ({
    id: row.id as number,
    user_id: (row.user_id as number | null) ?? null,
    action: row.action as string,
    entity: row.entity as string,
    entity_id: (row.entity_id as string | null) ?? null,
    changes: row.changes == null ? null : fromJson<Record<string, unknown>>(row.changes),
    ip: (row.ip as string | null) ?? null,
    created_at: row.created_at as string,
  }),
});

export const auditLogsRoutes = async (app: FastifyInstance) => {
  app.get('/api/v1/audit-logs', {
    config: { permission: 'audit.list' },
    schema: {
      tags: ['audit'],
      querystring: listQuerySchema.extend({
        user_id: digits.optional(),
        entity: z.string().max(50).optional(),
        entity_id: z.string().max(50).optional(),
        action: z.string().max(50).optional(),
      }),
      response: { 200: listResponse(auditRecordSchema) },
    },
    handler: (request) => auditLogsService.list(serviceContext(request), request.query as Row),
  });
};
