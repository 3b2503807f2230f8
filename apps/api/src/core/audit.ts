import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/connection';
import { preparedInsert } from '../db/prepared';
import { toJson } from '../db/types';

/**
 * The audit log: every create, update, delete, sign-in and permission change,
 * written with the change's own transaction handle so both commit or neither.
 */
export type AuditAction =
  | 'create'
  | 'update'
  | 'delete'
  | 'login'
  | 'logout'
  | 'permission'
  | 'password'
  | 'two_factor'
  | 'session';

export type AuditEntry = {
  action: AuditAction;
  entity: string;
  entityId?: string | number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  /** Extra facts for actions that are not field changes (roles granted, ...). */
  details?: Record<string, unknown>;
};

/** Who acts, from where, and the app's clock the entry is dated by (the wall clock without one). */
export type AuditContext = { userId: number | null; ip: string | null; now?: () => Date };

// Never written to the log, whatever the entity.
const SECRET_FIELDS = new Set([
  'password',
  'password_hash',
  'token_hash',
  'answer_hash',
  'search_text',
]);

/** The fields that differ, as `{field: [before, after]}`. */
export const changedFields = (
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): Record<string, [unknown, unknown]> => {
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of fields) {
    if (SECRET_FIELDS.has(field) || field === 'updated_at') continue;
    const a = before?.[field] ?? null;
    const b = after?.[field] ?? null;
    if (JSON.stringify(a) !== JSON.stringify(b)) changes[field] = [a, b];
  }
  return changes;
};

export const auditContext = (request: FastifyRequest): AuditContext => ({
  userId: request.actor?.user.id ?? null,
  ip: request.ip ?? null,
  now: () => request.server.clock.now(),
});

// Every write adds one: built and compiled once.
const insertEntry = preparedInsert('audit_logs', [
  'user_id',
  'action',
  'entity',
  'entity_id',
  'changes',
  'details',
  'ip',
  'created_at',
]);

/**
 * `changes` holds only `{field: [before, after]}` pairs and `details` the facts of an action
 * that changes no field, so a reader never takes a fact for a change.
 */
export const writeAudit = async (tx: Db, context: AuditContext, entry: AuditEntry) => {
  await insertEntry.run(tx, {
    user_id: context.userId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    changes: entry.details ? null : toJson(changedFields(entry.before, entry.after)),
    details: entry.details ? toJson(entry.details) : null,
    ip: context.ip,
    created_at: (context.now?.() ?? new Date()).toISOString(),
  });
};
