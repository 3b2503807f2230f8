import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../db/connection';
import { toJson, fromJson } from '../db/types';
import type { ServiceContext } from './context';
import { AppError, invalid } from './errors';

/**
 * `Idempotency-Key` for a POST that creates something (orders): a repeat with the same key and
 * body within 24 hours answers the first answer (same status and body) without doing the work
 * again; the same key with another body is a 422; a repeat while the first is still running is
 * a 409. Keys are per user and per scope. A failed attempt leaves nothing behind, so it may be
 * retried with the same key. Rows live in `idempotency_keys` (created with the orders tables).
 *
 * The work receives `settle(tx, answer)`: called inside the transaction that makes the thing, it
 * stores the answer in that same transaction, so that what was made and the key's answer commit
 * together. Without it the answer is stored after the work, and a failure between the two would
 * leave something made under a key that does not say so.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const KEEP_MS = 24 * 60 * 60 * 1000;
// A "running" row older than this was left by a process that stopped mid-request.
const STALE_RUNNING_MS = 10 * 60 * 1000;
const KEY = /^[\x21-\x7E]{1,200}$/;

export type Answer<TBody = unknown> = { status: number; body: TBody };

/** Stores the answer of the key inside the work's own transaction (`tx`). */
export type Settle<TBody = unknown> = (tx: Db, answer: Answer<TBody>) => Promise<void>;

type Stored = {
  request_hash: string;
  state: 'running' | 'done';
  response_status: number | null;
  response_body: unknown;
};

/** Same JSON whatever the order of its keys. */
const canonical = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
};

export const requestHash = (body: unknown) =>
  createHash('sha256').update(canonical(body)).digest('hex');

/**
 * Runs `work` once per (user, scope, key); `key` undefined runs it plainly. `answer` is the
 * schema of the work's answer body (the route's response schema): a repeat's stored body is
 * read back through it. `messages` are the catalogue keys of the three refusals.
 */
export const idempotent = async <TBody>(
  ctx: ServiceContext,
  options: {
    scope: string;
    key: string | string[] | undefined;
    body: unknown;
    answer: z.ZodType<TBody>;
    messages: { invalid: string; reused: string; inFlight: string };
  },
  work: (settle: Settle<TBody>) => Promise<Answer<TBody>>,
): Promise<Answer<TBody>> => {
  const { scope, key, messages } = options;
  const unkeyed: Settle<TBody> = async () => undefined;
  if (key === undefined) return work(unkeyed);
  if (typeof key !== 'string' || !KEY.test(key))
    throw invalid({ [IDEMPOTENCY_HEADER]: messages.invalid });
  const userId = ctx.actor?.user.id;
  if (userId === undefined) return work(unkeyed);
  const hash = requestHash(options.body);
  const now = ctx.clock.now();
  const where = sql`user_id = ${userId} and scope = ${scope} and ${sql.ref('key')} = ${key}`;

  const claimed = await ctx.transaction(async (tx) => {
    await sql`delete from idempotency_keys where ${where}
      and (created_at < ${new Date(now.getTime() - KEEP_MS).toISOString()}
        or (state = 'running' and created_at < ${new Date(now.getTime() - STALE_RUNNING_MS).toISOString()}))`.execute(
      tx,
    );
    const { rows } = await sql<{ scope: string }>`
      insert into idempotency_keys (user_id, scope, ${sql.ref('key')}, request_hash, state, created_at)
      values (${userId}, ${scope}, ${key}, ${hash}, 'running', ${now.toISOString()})
      on conflict (user_id, scope, ${sql.ref('key')}) do nothing
      returning scope`.execute(tx);
    if (rows.length > 0) return undefined;
    const { rows: stored } = await sql<Stored>`
      select request_hash, state, response_status, response_body
      from idempotency_keys where ${where}`.execute(tx);
    return stored[0];
  });

  if (claimed) {
    if (claimed.request_hash !== hash) throw invalid({ [IDEMPOTENCY_HEADER]: messages.reused });
    if (claimed.state === 'running') throw new AppError('conflict', messages.inFlight);
    return {
      status: claimed.response_status!,
      body: options.answer.parse(fromJson(claimed.response_body)),
    };
  }

  const store = (db: Db, answer: Answer) =>
    sql`update idempotency_keys
      set state = 'done', response_status = ${answer.status}, response_body = ${toJson(answer.body)}
      where ${where}`.execute(db);
  // Set once `settle` ran in a transaction that then committed (work returns after its commit).
  let settled = false;
  let answer: Answer<TBody>;
  try {
    answer = await work(async (tx, settledAnswer) => {
      await store(tx, settledAnswer);
      settled = true;
    });
  } catch (error) {
    // A key whose answer committed with the work keeps it: a retry gets that answer, and the
    // thing is never made twice. Only a key still running (nothing committed) is freed.
    await sql`delete from idempotency_keys where ${where} and state = 'running'`.execute(ctx.db);
    throw error;
  }
  if (!settled) await store(ctx.db, answer);
  return answer;
};
