import { sql } from 'kysely';
import { sha256 } from '../../core/auth/tokens';
import {
  countInWindow,
  forgetPassedWindows,
  rateStateOf,
  secondsLeft,
} from '../../core/window-counter';
import type { Db } from '../../db/connection';
import './auth.tables';

/** A captcha after 5 failures for one email and address, 429 after 20 from one address, in 15 minutes. */
export const WINDOW_SECONDS = 15 * 60;
export const CAPTCHA_AFTER = 5;
export const BLOCK_AFTER = 20;

/** The sign-in window as of now (the limits follow the wall clock, like the tokens). */
const signInWindow = () => ({ windowSeconds: WINDOW_SECONDS, now: new Date() });

// Hashed: the table holds no email addresses, and every key has the same size.
const addressKey = (ip: string) => sha256(`address\n${ip}`);
const emailKey = (email: string, ip: string) => sha256(`email\n${ip}\n${email}`);

export type AttemptClaim =
  { blocked: true; retryAfter: number } | { blocked: false; captchaRequired: boolean };

/**
 * Counts a sign-in attempt as a failure before its password is checked; a success gives
 * it back (`attemptSucceeded`). Counting first is what makes the limits hold when many
 * attempts arrive at once: 60 simultaneous wrong passwords get at most 5 password checks.
 */
export const claimAttempt = async (db: Db, email: string, ip: string): Promise<AttemptClaim> => {
  const window = signInWindow();
  await forgetPassedWindows(db, 'login_counters', window);
  const address = await countInWindow(db, 'login_counters', addressKey(ip), window);
  if (address.count > BLOCK_AFTER)
    return { blocked: true, retryAfter: secondsLeft(address.windowStart, window) };
  const forEmail = await countInWindow(db, 'login_counters', emailKey(email, ip), window);
  return { blocked: false, captchaRequired: forEmail.count > CAPTCHA_AFTER };
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
export const addressState = (db: Db, ip: string) =>
  rateStateOf(db, 'login_counters', addressKey(ip), BLOCK_AFTER, signInWindow());
