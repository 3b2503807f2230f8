import { sql } from 'kysely';
import type { Db } from '../db/connection';
import type { RateState } from './rate-limit-headers';

/**
 * Counters of events per key within a time window, kept in the database: the sign-in limits
 * (`login_counters`, counting failures) and the website's anonymous writes
 * (`public_rate_counters`, counting hits). One statement adds to a key's count, so parallel
 * requests, on one instance or several, each get a number of their own; a window that has
 * passed starts again at 1.
 */
const COUNTED = { login_counters: 'failures', public_rate_counters: 'hits' } as const;
type CounterTable = keyof typeof COUNTED;

export type CounterWindow = { windowSeconds: number; now: Date };
/** A key's count in its current window, and when that window started. */
export type Counted = { count: number; windowStart: string | Date };

const windowStartSince = ({ windowSeconds, now }: CounterWindow) =>
  new Date(now.getTime() - windowSeconds * 1000).toISOString();

/** Seconds until a window that started at `windowStart` (or none yet) ends, at least 1. */
export const secondsLeft = (
  windowStart: string | Date | undefined,
  { windowSeconds, now }: CounterWindow,
) =>
  windowStart === undefined
    ? windowSeconds
    : Math.max(
        1,
        Math.ceil((Date.parse(String(windowStart)) + windowSeconds * 1000 - now.getTime()) / 1000),
      );

/** Windows that have passed have no use: removing them keeps a table as small as one window's traffic. */
export const forgetPassedWindows = (db: Db, table: CounterTable, window: CounterWindow) =>
  db.deleteFrom(table).where('window_start', '<', windowStartSince(window)).execute();

/** One more for `key`, and the count it makes. */
export const countInWindow = async (
  db: Db,
  table: CounterTable,
  key: string,
  window: CounterWindow,
): Promise<Counted> => {
  const since = windowStartSince(window);
  const stamp = window.now.toISOString();
  const column = sql.ref(COUNTED[table]);
  const current = (name: string) => sql.ref(`${table}.${name}`);
  const expired = sql<boolean>`${current('window_start')} < ${since}`;
  const { rows } = await sql<{ count: number; window_start: string | Date }>`
    insert into ${sql.table(table)} (${sql.ref('key')}, ${column}, ${sql.ref('window_start')})
    values (${key}, 1, ${stamp})
    on conflict (${sql.ref('key')}) do update set
      ${column} = case when ${expired} then 1 else ${current(COUNTED[table])} + 1 end,
      ${sql.ref('window_start')} = case when ${expired} then ${stamp} else ${current('window_start')} end
    returning ${column} as count, ${sql.ref('window_start')}`.execute(db);
  const row = rows[0]!;
  return { count: Number(row.count), windowStart: row.window_start };
};

/** Where `key` stands against a limit of `limit` (read, not counted): for its RateLimit headers. */
export const rateStateOf = async (
  db: Db,
  table: CounterTable,
  key: string,
  limit: number,
  window: CounterWindow,
): Promise<RateState> => {
  const { rows } = await sql<{ count: number; window_start: string | Date }>`
    select ${sql.ref(COUNTED[table])} as count, ${sql.ref('window_start')}
    from ${sql.table(table)}
    where ${sql.ref('key')} = ${key} and ${sql.ref('window_start')} >= ${windowStartSince(window)}`.execute(
    db,
  );
  const row = rows[0];
  return {
    limit,
    used: row ? Number(row.count) : 0,
    resetSeconds: secondsLeft(row?.window_start, window),
  };
};
