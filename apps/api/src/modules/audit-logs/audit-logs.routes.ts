import {
  auditLogQuerySchema,
  auditLogRecordSchema,
  type AuditLog,
} from '@backoffice/shared/audit-log.schema';
import { listResponse } from '@backoffice/shared/list-query.schema';
import { serviceContext } from '../../core/context';
import { createListEngine, equalsFilter } from '../../core/list-engine';
import { dayStart, nextDayStart } from '../../core/shop-days';
import type { Db } from '../../db/connection';
import { fromJson } from '../../db/types';
import type { TypedApp } from '../../core/typed-app';

type Fields = Record<string, unknown>;

const isPair = (value: unknown): value is [unknown, unknown] =>
  Array.isArray(value) && value.length === 2;

/**
 * An entry's before and after, side by side, from its `{field: [before, after]}` pairs. Entries
 * written before facts had a column of their own may hold facts among the pairs: those are
 * answered as details.
 */
const sides = (action: string, changes: Fields | null, details: Fields | null) => {
  const before: Fields = {};
  const after: Fields = {};
  const facts: Fields = { ...details };
  for (const [field, value] of Object.entries(changes ?? {})) {
    if (!isPair(value)) {
      facts[field] = value;
      continue;
    }
    before[field] = value[0];
    after[field] = value[1];
  }
  const none = Object.keys(before).length === 0;
  return {
    before: none || action === 'create' ? null : before,
    after: none || action === 'delete' ? null : after,
    details: Object.keys(facts).length > 0 ? facts : null,
  };
};

/** Who did each entry's action, as named now: one query per page. */
const addUsers = async (db: Db, records: AuditLog[]) => {
  const ids = [...new Set(records.map((r) => r.user_id).filter((id) => id !== null))];
  if (ids.length === 0) return;
  const users = await db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', 'in', ids)
    .execute();
  const byId = new Map(users.map((user) => [Number(user.id), user]));
  for (const record of records) {
    const user = record.user_id === null ? undefined : byId.get(record.user_id);
    record.user = user ? { id: Number(user.id), name: user.name, email: user.email } : null;
  }
};

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
      user_id: equalsFilter('user_id', auditLogQuerySchema.shape.user_id),
      resource: equalsFilter('entity', auditLogQuerySchema.shape.resource),
      entity: equalsFilter('entity', auditLogQuerySchema.shape.entity),
      entity_id: equalsFilter('entity_id', auditLogQuerySchema.shape.entity_id),
      action: equalsFilter('action', auditLogQuerySchema.shape.action),
      from: {
        schema: auditLogQuerySchema.shape.from,
        where: (eb, value: string) => eb('created_at', '>=', dayStart(value)),
      },
      to: {
        schema: auditLogQuerySchema.shape.to,
        where: (eb, value: string) => eb('created_at', '<', nextDayStart(value)),
      },
    },
  },
  (row): AuditLog => {
    const changes = row.changes == null ? null : fromJson<Fields>(row.changes);
    const details = row.details == null ? null : fromJson<Fields>(row.details);
    return {
      id: row.id,
      user_id: row.user_id == null ? null : Number(row.user_id),
      user: null,
      action: row.action,
      entity: row.entity,
      entity_id: row.entity_id ?? null,
      ...sides(row.action, changes, details),
      changes,
      ip: row.ip ?? null,
      created_at: row.created_at,
    };
  },
  {},
  addUsers,
);

export const auditLogsRoutes = async (app: TypedApp) => {
  app.get('/api/v1/audit-logs', {
    config: { permission: 'audit.list' },
    schema: {
      summary: 'List the audit log, each change with its before and after',
      tags: ['audit'],
      querystring: auditLogQuerySchema,
      response: { 200: listResponse(auditLogRecordSchema) },
    },
    handler: (request) => auditLogs.list(serviceContext(request), request.query),
  });
};
