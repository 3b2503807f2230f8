import type { AuditContext } from '../../core/audit';
import { writeAudit } from '../../core/audit';
import { hashPassword } from '../../core/auth/passwords';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import { revokeSessions } from './sessions';

/** A user's password columns as a new password sets them. */
export type PasswordColumns = {
  password_hash: string;
  must_change_password: boolean;
  password_changed_at: string;
};

/**
 * A new password's columns, hashed before any transaction (hashing is slow on purpose and
 * never runs under a write lock). `mustChange`: someone other than the user chose it (a new
 * account, a reset to a one-time password), so the user replaces it at the next sign-in.
 */
export const newPassword = async (
  password: string,
  { mustChange }: { mustChange: boolean },
): Promise<PasswordColumns> => ({
  password_hash: await hashPassword(password),
  must_change_password: mustChange,
  password_changed_at: now(),
});

/**
 * Every password write of an existing account (a change, a reset to a one-time password, a
 * reset by link): the columns, the end of the user's other sessions (all of them unless
 * `keepSessionId` is the caller's own), and the audit entry.
 */
export const storePassword = async (
  tx: Db,
  audit: AuditContext,
  change: {
    userId: number;
    columns: PasswordColumns;
    keepSessionId?: string;
    details: Record<string, unknown>;
  },
) => {
  await tx
    .updateTable('users')
    .set({ ...change.columns, updated_at: change.columns.password_changed_at })
    .where('id', '=', change.userId)
    .execute();
  await revokeSessions(tx, { userId: change.userId, exceptSessionId: change.keepSessionId });
  await writeAudit(tx, audit, {
    action: 'password',
    entity: 'user',
    entityId: change.userId,
    details: change.details,
  });
};
