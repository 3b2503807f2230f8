import { integerParam, listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import { text } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serviceContext } from '../../core/context';
import { createListEngine, equalsFilter } from '../../core/list-engine';
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

const digits = integerParam();

const filterText = text().max(50);

/** The audit log is read-only: only its list. */
export const auditLogs = createListEngine(
  'audit_logs',
  {
    search: ['entity', 'action'],
    searchFields: {
      entity: { column: 'entity', match: 'exact' },
      action: { column: 'action', match: 'exact' },
      entity_id: { column: 'entity_id', match: 'exact' },
      user_id: { column: 'user_id', match: 'number' },
    },
    defaultOrder: ['id', 'desc'],
    counted: true,
    filters: {
      user_id: equalsFilter('user_id', digits),
      entity: equalsFilter('entity', filterText),
      entity_id: equalsFilter('entity_id', filterText),
      action: equalsFilter('action', filterText),
    },
  },
  (row): AuditRecord => ({
    id: row.id,
    user_id: row.user_id ?? null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id ?? null,
    changes: row.changes == null ? null : fromJson<Record<string, unknown>>(row.changes),
    ip: row.ip ?? null,
    created_at: row.created_at,
  }),
);

export const auditLogsRoutes = async (app: FastifyInstance) => {
  app.get('/api/v1/audit-logs', {
    config: { permission: 'audit.list' },
    schema: {
      summary: 'List the audit log',
      tags: ['audit'],
      querystring: listQuerySchema.extend({
        user_id: digits.optional(),
        entity: filterText.optional(),
        entity_id: filterText.optional(),
        action: filterText.optional(),
      }),
      response: { 200: listResponse(auditRecordSchema) },
    },
    handler: (request) =>
      auditLogs.list(serviceContext(request), request.query as Record<string, unknown>),
  });
};
