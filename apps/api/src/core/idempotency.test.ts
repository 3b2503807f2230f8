import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inTransaction } from '../db/transaction';
import { createTestApp, type TestApp } from '../test/test-app';
import type { Actor } from './auth/guard';
import type { ServiceContext } from './context';
import { idempotent, type Answer, type Settle } from './idempotency';
import { systemClock } from './services';

/**
 * The helper on a real database: what a keyed POST makes and the key's stored answer commit
 * together, so no failure between them can let a retry make the thing a second time.
 */
let t: TestApp;
let ctx: ServiceContext;
beforeAll(async () => {
  t = await createTestApp();
  const user = await t.createUser([]);
  ctx = {
    db: t.db,
    engine: t.engine,
    clock: systemClock,
    actor: { user: { id: user.id } } as unknown as Actor,
    audit: {} as ServiceContext['audit'],
    locale: 'vi',
    transaction: (work) => inTransaction(t.db, t.engine, work),
  };
});
afterAll(() => t.close());

const options = (key: string) => ({
  scope: 'test',
  key,
  body: { a: 1 },
  answer: z.unknown(),
  messages: { invalid: 'x.invalid', reused: 'x.reused', inFlight: 'x.in_flight' },
});

/** Rows made by the work: one `code_sequences` row per run, named after the key. */
const made = async (key: string) =>
  Number(
    (
      await sql<{ n: number | string }>`select count(*) as n from code_sequences
        where prefix like ${`${key}-%`}`.execute(t.db)
    ).rows[0]!.n,
  );

const keyState = async (key: string) =>
  (
    await sql<{ state: string }>`select state from idempotency_keys
      where scope = 'test' and ${sql.ref('key')} = ${key}`.execute(t.db)
  ).rows[0]?.state;

/** A work that makes one row in a transaction of its own and settles its answer there. */
const making = (key: string, runs: { count: number }, fail?: 'inside' | 'after-commit') => {
  return async (settle: Settle): Promise<Answer> => {
    runs.count += 1;
    const answer: Answer = { status: 201, body: { data: { run: runs.count } } };
    await ctx.transaction(async (tx) => {
      await sql`insert into code_sequences (prefix, ${sql.ref('last')})
        values (${`${key}-${runs.count}`}, 1)`.execute(tx);
      await settle(tx, answer);
      if (fail === 'inside') throw new Error('the write failed before its commit');
    });
    if (fail === 'after-commit') throw new Error('the connection dropped after the commit');
    return answer;
  };
};

describe('idempotent', () => {
  it('keeps an answer that committed with the work: a failure after the commit never makes it twice', async () => {
    const runs = { count: 0 };
    await expect(
      idempotent(ctx, options('after-commit'), making('after-commit', runs, 'after-commit')),
    ).rejects.toThrow('after the commit');
    expect(await made('after-commit')).toBe(1);
    expect(await keyState('after-commit')).toBe('done');
    // The retry (the browser sends the same key again) gets the first answer; nothing is redone.
    const retried = await idempotent(ctx, options('after-commit'), making('after-commit', runs));
    expect(retried).toEqual({ status: 201, body: { data: { run: 1 } } });
    expect(runs.count).toBe(1);
    expect(await made('after-commit')).toBe(1);
  });

  it('frees the key when the work rolls back, so the retry does it once', async () => {
    const runs = { count: 0 };
    await expect(
      idempotent(ctx, options('rolled-back'), making('rolled-back', runs, 'inside')),
    ).rejects.toThrow('before its commit');
    expect(await made('rolled-back')).toBe(0);
    expect(await keyState('rolled-back')).toBeUndefined();
    expect(await idempotent(ctx, options('rolled-back'), making('rolled-back', runs))).toEqual({
      status: 201,
      body: { data: { run: 2 } },
    });
    expect(await made('rolled-back')).toBe(1);
  });

  it('stores the answer after the work when the work does not settle it', async () => {
    let runs = 0;
    const plain = async () => {
      runs += 1;
      return { status: 201, body: { plain: true } };
    };
    expect(await idempotent(ctx, options('plain'), plain)).toEqual({
      status: 201,
      body: { plain: true },
    });
    expect(await keyState('plain')).toBe('done');
    expect(await idempotent(ctx, options('plain'), plain)).toEqual({
      status: 201,
      body: { plain: true },
    });
    expect(runs).toBe(1);
  });
});
