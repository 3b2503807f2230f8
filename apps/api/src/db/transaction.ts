import { sql } from 'kysely';
import type { Db, Engine } from './connection';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
// Retried for a time, not a number of tries: when many clients change one record at once,
// each round lets one of them through, so a fixed count fails the unlucky ones.
const RETRY_FOR_MS = 20_000;
const MAX_BACKOFF_MS = 100;

/**
 * Runs `work` in one transaction. On SQLite the write lock is taken first
 * (BEGIN IMMEDIATE), so two writers never deadlock on a lock upgrade; on
 * PostgreSQL it runs SERIALIZABLE and is retried on serialization failures (for up
 * to 20 s, with a random pause that grows to 100 ms).
 * Inside, use only the handle given to `work`.
 */
export const inTransaction = async <T>(
  db: Db,
  engine: Engine,
  work: (tx: Db) => Promise<T>,
): Promise<T> => {
  if (engine === 'sqlite') {
    return db.connection().execute(async (connection) => {
      await sql`BEGIN IMMEDIATE`.execute(connection);
      try {
        const result = await work(connection);
        await sql`COMMIT`.execute(connection);
        return result;
      } catch (error) {
        await sql`ROLLBACK`.execute(connection);
        throw error;
      }
    });
  }
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || Date.now() - started > RETRY_FOR_MS) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(MAX_BACKOFF_MS, 2 ** attempt) * Math.random()),
      );
    }
  }
};

/**
 * Runs `work` in one transaction that serializes itself with row locks instead of retries:
 * for work where many clients change the same few rows at once (stock of one product), where
 * SERIALIZABLE would fail and retry most of them. On SQLite the write lock is taken first
 * (BEGIN IMMEDIATE), which serializes every writer. On PostgreSQL it runs READ COMMITTED and
 * `work` takes `select … for update` locks (`lockRows`) before it reads what it decides on:
 * a statement after a lock wait sees the rows as the previous holder committed them. Locks
 * are taken in one order (by key) so two such transactions never deadlock; a deadlock that
 * still happens (locks taken in another order elsewhere) is retried like in `inTransaction`.
 */
export const inLockingTransaction = async <T>(
  db: Db,
  engine: Engine,
  work: (tx: Db) => Promise<T>,
): Promise<T> => {
  if (engine === 'sqlite') return inTransaction(db, engine, work);
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (!code || !RETRYABLE.has(code) || Date.now() - started > RETRY_FOR_MS) throw error;
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(MAX_BACKOFF_MS, 2 ** attempt) * Math.random()),
      );
    }
  }
};
