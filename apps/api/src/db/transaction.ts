import { CompiledQuery } from 'kysely';
import type { Db, Engine } from './connection';

export const RETRYABLE = new Set(['40001', '40P01']); // serialization failure, deadlock
const UNIQUE_VIOLATION = '23505';
const UNIQUE_RETRIES = 3;
// Retried for a time, not a number of tries: when many clients change one record at once,
// each round lets one of them through, so a fixed count fails the unlucky ones.
// 60 s: on the 2-core CI machine, 200 clients creating at once beside the browser suite kept
// one transaction conflicting past 20 s.
const RETRY_FOR_MS = 60_000;
const MAX_BACKOFF_MS = 100;

type Job = {
  work: (tx: Db) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};

// At most this many waiting transactions share one commit: a big batch would hold back the
// first answer in it.
const BATCH_MAX = 64;
const queues = new WeakMap<Db, { jobs: Job[]; running: boolean }>();

// The statements of a batch, compiled once: each job pays two of them.
const BATCH_SQL = {
  begin: CompiledQuery.raw('BEGIN IMMEDIATE'),
  savepoint: CompiledQuery.raw('SAVEPOINT job'),
  release: CompiledQuery.raw('RELEASE job'),
  rollbackJob: CompiledQuery.raw('ROLLBACK TO job'),
  commit: CompiledQuery.raw('COMMIT'),
  rollback: CompiledQuery.raw('ROLLBACK'),
};

/**
 * SQLite's group commit. One connection writes, so transactions run one after the other
 * anyway; those that arrived while one ran are run together, each inside a savepoint of one
 * transaction (BEGIN IMMEDIATE … COMMIT). A failing one rolls back to its savepoint alone; the
 * others go on. Each answers only after the COMMIT, so nothing is reported done before it is
 * on disk, and a batch pays for one fsync instead of one each (with synchronous=FULL the
 * fsync is most of a small write's time). A COMMIT that fails fails every job of its batch.
 */
const runBatches = async (db: Db, queue: { jobs: Job[]; running: boolean }) => {
  queue.running = true;
  try {
    while (queue.jobs.length > 0) {
      const batch = queue.jobs.splice(0, BATCH_MAX);
      const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
      try {
        await db.connection().execute(async (connection) => {
          await connection.executeQuery(BATCH_SQL.begin);
          try {
            for (const job of batch) {
              await connection.executeQuery(BATCH_SQL.savepoint);
              try {
                const value = await job.work(connection);
                await connection.executeQuery(BATCH_SQL.release);
                outcomes.push({ ok: true, value });
              } catch (error) {
                await connection.executeQuery(BATCH_SQL.rollbackJob);
                await connection.executeQuery(BATCH_SQL.release);
                outcomes.push({ ok: false, error });
              }
            }
            await connection.executeQuery(BATCH_SQL.commit);
          } catch (error) {
            await connection.executeQuery(BATCH_SQL.rollback).catch(() => undefined);
            throw error;
          }
        });
      } catch (error) {
        // Nothing of the batch is on disk: every job fails, with what stopped it.
        for (const job of batch) job.reject(error);
        continue;
      }
      batch.forEach((job, index) => {
        const outcome = outcomes[index]!;
        if (outcome.ok) job.resolve(outcome.value);
        else job.reject(outcome.error);
      });
    }
  } finally {
    queue.running = false;
  }
};

/**
 * Runs `work` in one transaction. On SQLite the write lock is taken first
 * (BEGIN IMMEDIATE), so two writers never deadlock on a lock upgrade, and transactions that
 * wait for one another share a commit (`runBatches`); on PostgreSQL it runs SERIALIZABLE and
 * is retried on serialization failures (for up to 20 s, with a random pause that grows to
 * 100 ms). Inside, use only the handle given to `work`, and never start another transaction.
 */
export const inTransaction = async <T>(
  db: Db,
  engine: Engine,
  work: (tx: Db) => Promise<T>,
): Promise<T> => {
  if (engine === 'sqlite') {
    let queue = queues.get(db);
    if (!queue) {
      queue = { jobs: [], running: false };
      queues.set(db, queue);
    }
    const done = new Promise<T>((resolve, reject) =>
      queue.jobs.push({ work, resolve: resolve as (value: unknown) => void, reject }),
    );
    // The batch starts once the event loop has taken every request that has arrived: better-sqlite3
    // answers within the same turn, so a batch started at once would hold only this job (each
    // HTTP request is read in a turn of its own) and every transaction would pay its own fsync.
    if (!queue.running) {
      queue.running = true;
      const waiting = queue;
      setImmediate(() => void runBatches(db, waiting));
    }
    return done;
  }
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().setIsolationLevel('serializable').execute(work);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // A unique key taken by a transaction that committed meanwhile (two categories named
      // alike at once): PostgreSQL reports it as such rather than as a serialization failure
      // when its predicate locks were coarse. A few tries again read the committed row, so
      // the checks answer as they would have (the next free slug, or their own 422).
      const raced = code === UNIQUE_VIOLATION && attempt < UNIQUE_RETRIES;
      if (!code || (!RETRYABLE.has(code) && !raced) || Date.now() - started > RETRY_FOR_MS)
        throw error;
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
