import { sql } from 'kysely';
import { sha256 } from '../../core/auth/tokens';
import { type RateState, secondsLeft } from '../../core/rate-limit-headers';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import './auth.tables';

/** A captcha after 5 failures for one email and address, 429 after 20 from one address, in 15 minutes. */
export const WINDOW_SECONDS = 15 * 60;
export const CAPTCHA_AFTER = 5;
export const BLOCK_AFTER = 20;

const windowStart = () => new Date(Date.now() - WINDOW_SECONDS * 1000).toISOString();

// Hashed: the table holds no email addresses, and every key has the same size.
const addressKey = (ip: string) => sha256(`address\n${ip}`);
const emailKey = (email: string, ip: string) => sha256(`email\n${ip}\n${email}`);

/**
 * One more failure for `key`, and the count it makes, in a single statement: parallel
 * attempts (on one instance or several sharing the database) each get a number of their
 * own, so no two of them both see "4". A window that has passed starts again at 1.
 */
const countFailure = async (db: Db, key: string) => {
  const stamp = now();
  const since = windowStart();
  const expired = sql<boolean>`${sql.ref('login_counters.window_start')} < ${since}`;
  return db
    .insertInto('login_counters')
    .values({ key, failures: 1, window_start: stamp })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        failures: sql<number>`case when ${expired} then 1 else ${sql.ref('login_counters.failures')} + 1 end`,
        window_start: sql<string>`case when ${expired} then ${stamp} else ${sql.ref('login_counters.window_start')} end`,
      }),
    )
    .returning(['failures', 'window_start'])
    .executeTakeFirstOrThrow();
};

export type AttemptClaim =
  { blocked: true; retryAfter: number } | { blocked: false; captchaRequired: boolean };

/**
 * Counts a sign-in attempt as a failure before its password is checked; a success gives
 * it back (`attemptSucceeded`). Counting first is what makes the limits hold when many
 * attempts arrive at once: 60 simultaneous wrong passwords get at most 5 password checks.
 */
export const claimAttempt = async (db: Db, email: string, ip: string): Promise<AttemptClaim> => {
  // Windows that have passed have no use; removing them keeps the table as small as the traffic of 15 minutes.
  await db.deleteFrom('login_counters').where('window_start', '<', windowStart()).execute();
  const address = await countFailure(db, addressKey(ip));
  if (address.failures > BLOCK_AFTER)
    return {
      blocked: true,
      retryAfter: secondsLeft(address.window_start, WINDOW_SECONDS, Date.now()),
    };
  const forEmail = await countFailure(db, emailKey(email, ip));
  return { blocked: false, captchaRequired: forEmail.failures > CAPTCHA_AFTER };
};

/** A success clears this email's failures from this address; the address-wide count keeps only its failures. */
export const attemptSucceeded = async (db: Db, email: string, ip: string) => {
  await db.deleteFrom('login_counters').where('key', '=', emailKey(email, ip)).execute();
  await db
    .updateTable('login_counters')
    .set({ failures: sql<number>`failures - 1` })
    .where('key', '=', addressKey(ip))
    .where('failures', '>', 0)
    .execute();
};

/** Where an address stands against the 429 limit (read, not counted): for its RateLimit headers. */
export const addressState = async (db: Db, ip: string): Promise<RateState> => {
  const counter = await db
    .selectFrom('login_counters')
    .select(['failures', 'window_start'])
    .where('key', '=', addressKey(ip))
    .where('window_start', '>=', windowStart())
    .executeTakeFirst();
  return {
    limit: BLOCK_AFTER,
    used: counter?.failures ?? 0,
    resetSeconds: secondsLeft(counter?.window_start, WINDOW_SECONDS, Date.now()),
  };
};
