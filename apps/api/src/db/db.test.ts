import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, ENGINE, type TestApp } from '../test/test-app';
import { sql } from 'kysely';
import { SQLITE_CACHE_KIB, type Db } from './connection';
import { inTransaction } from './transaction';
import { now } from './types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('database layer', () => {
  it('keeps concurrent read-modify-write transactions correct (write lock first / retried serialization failures)', async () => {
    const stamp = now();
    await t.db
      .insertInto('settings')
      .values({ key: 'counter', title: null, value: '0', created_at: stamp, updated_at: stamp })
      .execute();
    const increment = () =>
      inTransaction(t.db, t.engine, async (tx) => {
        const row = await tx
          .selectFrom('settings')
          .select('value')
          .where('key', '=', 'counter')
          .executeTakeFirstOrThrow();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx
          .updateTable('settings')
          .set({ value: String(Number(row.value) + 1) })
          .where('key', '=', 'counter')
          .execute();
      });
    await Promise.all(Array.from({ length: 8 }, increment));
    const row = await t.db
      .selectFrom('settings')
      .select('value')
      .where('key', '=', 'counter')
      .executeTakeFirstOrThrow();
    expect(row.value).toBe('8');
  });

  it('rolls a failed transaction back whole', async () => {
    const stamp = now();
    await expect(
      inTransaction(t.db, t.engine, async (tx) => {
        await tx
          .insertInto('settings')
          .values({ key: 'half', title: null, value: '1', created_at: stamp, updated_at: stamp })
          .execute();
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(
      await t.db.selectFrom('settings').select('key').where('key', '=', 'half').executeTakeFirst(),
    ).toBeUndefined();
  });

  it('transactions that wait for one another each keep or lose their own writes, whatever their neighbours do', async () => {
    const stamp = now();
    const keys = Array.from({ length: 30 }, (_, index) => `batch-${index}`);
    const outcomes = await Promise.allSettled(
      keys.map((key, index) =>
        inTransaction(t.db, t.engine, async (tx) => {
          await tx
            .insertInto('settings')
            .values({
              key,
              title: null,
              value: String(index),
              created_at: stamp,
              updated_at: stamp,
            })
            .execute();
          // every third one fails after writing: only its own row goes
          if (index % 3 === 0) throw new Error(`refused ${index}`);
          return index;
        }),
      ),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(
      keys.map((_, index) => (index % 3 === 0 ? 'rejected' : 'fulfilled')),
    );
    expect(
      outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : [])),
    ).toEqual(keys.flatMap((_, index) => (index % 3 === 0 ? [] : [index])));
    const kept = await t.db
      .selectFrom('settings')
      .select('key')
      .where('key', 'like', 'batch-%')
      .execute();
    expect(kept.map((row) => row.key).sort()).toEqual(
      keys.filter((_, index) => index % 3 !== 0).sort(),
    );
  });

  it.skipIf(ENGINE !== 'sqlite')(
    'transactions that arrive in turns of the event loop of their own (one per HTTP request) share one commit',
    async () => {
      let batches = 0;
      // Each batch takes the connection once: counting that counts the commits.
      const db = new Proxy(t.db, {
        get: (target, property) => {
          if (property === 'connection')
            return () => {
              batches += 1;
              return target.connection();
            };
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? value.bind(target) : value;
        },
      }) as Db;
      const stamp = now();
      const results = await Promise.all(
        Array.from(
          { length: 20 },
          (_, index) =>
            new Promise<number>((resolve, reject) =>
              setImmediate(() =>
                inTransaction(db, t.engine, async (tx) => {
                  await tx
                    .insertInto('settings')
                    .values({
                      key: `turn-${index}`,
                      title: null,
                      value: String(index),
                      created_at: stamp,
                      updated_at: stamp,
                    })
                    .execute();
                  return index;
                }).then(resolve, reject),
              ),
            ),
        ),
      );
      expect(results).toEqual(Array.from({ length: 20 }, (_, index) => index));
      expect(batches).toBe(1);
      const kept = await t.db
        .selectFrom('settings')
        .select('key')
        .where('key', 'like', 'turn-%')
        .execute();
      expect(kept).toHaveLength(20);
    },
  );

  it.skipIf(ENGINE !== 'sqlite')(
    'opens SQLite durable (WAL, a sync at each commit, foreign keys) with its journals of savepoints in memory',
    async () => {
      const setting = async (name: string) => {
        const { rows } = await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(t.db);
        return Object.values(rows[0]!)[0];
      };
      expect(await setting('journal_mode')).toBe('wal');
      expect(await setting('synchronous')).toBe(2); // FULL
      expect(await setting('foreign_keys')).toBe(1);
      // A group commit's savepoint journal that spills to a temporary file cost a fifth of an
      // export slip's time (BENCHMARKS.md, export slips).
      expect(await setting('temp_store')).toBe(2); // MEMORY
      // 64 MiB of pages instead of 2: a search at a million posts reads ~900 (BENCHMARKS.md).
      expect(await setting('cache_size')).toBe(-SQLITE_CACHE_KIB);
      expect(SQLITE_CACHE_KIB).toBe(65536);
    },
  );
});
