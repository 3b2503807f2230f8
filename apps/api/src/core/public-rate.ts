import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { Timestamp } from '../db/types';
import { tooManyRequests } from './errors';
import { type RateState, secondsLeft } from './rate-limit-headers';

/**
 * A bound on what anonymous visitors may write through the website (the contact form): at
 * most `max` per address within `windowSeconds`. The count lives in the database and one
 * statement adds to it, so parallel requests, on one instance or several, each get a number
 * of their own.
 */
declare module '../db/types' {
  interface Database {
    public_rate_counters: { key: string; hits: number; window_start: Timestamp };
  }
}

type PublicLimit = { max: number; windowSeconds: number; now: Date };

// Hashed: the table holds no addresses.
const counterKey = (scope: string, address: string) =>
  createHash('sha256').update(`${scope}\n${address}`).digest('base64url');

export const claimPublicWrite = async (
  db: Db,
  scope: string,
  address: string,
  { max, windowSeconds, now }: PublicLimit,
) => {
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const stamp = now.toISOString();
  // Windows that have passed have no use: the table stays as small as one window's traffic.
  await db.deleteFrom('public_rate_counters').where('window_start', '<', since).execute();
  const key = counterKey(scope, address);
  const expired = sql<boolean>`${sql.ref('public_rate_counters.window_start')} < ${since}`;
  const counted = await db
    .insertInto('public_rate_counters')
    .values({ key, hits: 1, window_start: stamp })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hits: sql<number>`case when ${expired} then 1 else ${sql.ref('public_rate_counters.hits')} + 1 end`,
        window_start: sql<string>`case when ${expired} then ${stamp} else ${sql.ref('public_rate_counters.window_start')} end`,
      }),
    )
    .returning(['hits', 'window_start'])
    .executeTakeFirstOrThrow();
  if (counted.hits > max)
    throw tooManyRequests(secondsLeft(counted.window_start, windowSeconds, now.getTime()));
};

/** Where an address stands against the limit (read, not counted): for its RateLimit headers. */
export const publicWriteState = async (
  db: Db,
  scope: string,
  address: string,
  { max, windowSeconds, now }: PublicLimit,
): Promise<RateState> => {
  const since = new Date(now.getTime() - windowSeconds * 1000).toISOString();
  const counter = await db
    .selectFrom('public_rate_counters')
    .select(['hits', 'window_start'])
    .where('key', '=', counterKey(scope, address))
    .where('window_start', '>=', since)
    .executeTakeFirst();
  return {
    limit: max,
    used: counter?.hits ?? 0,
    resetSeconds: secondsLeft(counter?.window_start, windowSeconds, now.getTime()),
  };
};
