import { sql } from 'kysely';
import type { Db, Engine } from './connection';

const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const MAX_ATTEMPTS = 10;

/**
 * Runs `work` in one transaction. On SQLite the write lock is taken first
 * (BEGIN IMMEDIATE), so two writers never deadlock on a lock upgrade; on
 * PostgreSQL it runs SERIALIZABLE and is retried on serialization failures.
 * Inside, use only the handle given to `work`.
 */
export const inTransaction = async <T>(db: Db, engine: Engine, work: (tx: Db) => Promise<T>): Promise<T> => {
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
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= MAX_ATTEMPTS || !code || !RETRYABLE.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt * Math.random()));
    }
  }
};
