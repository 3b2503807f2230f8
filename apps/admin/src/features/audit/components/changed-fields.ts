import type { AuditLog } from '../api/audit-logs-api';

/**
 * The fields a change touched, at most four. A sign-in's or a password's details (who, how)
 * are not fields: they read in the entry's details.
 */
export const changedFields = (entry: Pick<AuditLog, 'before' | 'after'>) =>
  Object.keys(entry.after ?? entry.before ?? {})
    .slice(0, 4)
    .join(', ') || '—';
