import type { Db } from '../db/connection';

const DAY_MS = 86_400_000;
/** Rows removed per statement: a year of backlog never becomes one long write that holds the lock. */
const BATCH = 5000;

/** Removes the audit entries older than `days` days before `at`; answers how many went. */
export const removeOldAuditEntries = async (db: Db, days: number, at: Date) => {
  const cutoff = new Date(at.getTime() - days * DAY_MS).toISOString();
  let removed = 0;
  for (;;) {
    const batch = await db
      .deleteFrom('audit_logs')
      .where('id', 'in', (eb) =>
        eb.selectFrom('audit_logs').select('id').where('created_at', '<', cutoff).limit(BATCH),
      )
      .executeTakeFirst();
    const count = Number(batch.numDeletedRows);
    removed += count;
    if (count < BATCH) return removed;
  }
};

export type AuditRetention = { stop: () => void };

/**
 * Keeps the audit log to `AUDIT_RETENTION_DAYS`: once soon after the start, then every day.
 * Several instances each doing it is harmless (the second finds nothing left to remove).
 */
export const startAuditRetention = (
  db: Db,
  days: number,
  onError: (error: Error) => void,
  clock: { now: () => Date } = { now: () => new Date() },
): AuditRetention => {
  const run = () => void removeOldAuditEntries(db, days, clock.now()).catch(onError);
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return {
    stop: () => {
      clearTimeout(first);
      clearInterval(daily);
    },
  };
};
