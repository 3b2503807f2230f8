import { z } from 'zod';
import { integerParam, listQuerySchema } from './list-query.schema';
import { isoDate, text } from './schema-kit';

/** The actions the audit log records. */
export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'login',
  'logout',
  'permission',
  'password',
] as const;

const filterText = () => text().max(50).meta({ maxLength: 50 });
const filterDate = () => isoDate().max(10).meta({ maxLength: 10 });

/**
 * `GET /audit-logs`: who (`user_id`), which resource (`resource`, e.g. `post`; `entity` is the
 * same filter under its older name), which record (`entity_id`), which action, and when (`from`
 * and `to`, days in the shop's time zone, both included).
 */
export const auditLogQuerySchema = listQuerySchema.extend({
  user_id: integerParam().optional(),
  resource: filterText().optional(),
  entity: filterText().optional(),
  entity_id: filterText().optional(),
  action: filterText().optional(),
  from: filterDate().optional(),
  to: filterDate().optional(),
});

export const auditLogRecordSchema = z.object({
  id: z.number(),
  user_id: z.number().nullable(),
  /** Who did it, as they are named now (null once the account is gone). */
  user: z.object({ id: z.number(), name: z.string(), email: z.string() }).nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** The changed fields' values before and after (null where there was no record: a create's before). */
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  /** Facts of an action that changes no field (a sign-in, users attached to an agency). */
  details: z.record(z.string(), z.unknown()).nullable(),
  /** `{field: [before, after]}`, the form `before` and `after` are read from. */
  changes: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
});

export type AuditLog = z.infer<typeof auditLogRecordSchema>;
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;
