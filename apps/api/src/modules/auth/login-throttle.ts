import type { Db } from '../../db/connection';
import { now } from '../../db/types';

/** Contract §3: a captcha after 5 failures for one email and address, 429 after 20 from one address, in 15 minutes. */
export const WINDOW_SECONDS = 15 * 60;
export const CAPTCHA_AFTER = 5;
export const BLOCK_AFTER = 20;

const windowStart = () => new Date(Date.now() - WINDOW_SECONDS * 1000).toISOString();

export const throttleState = async (db: Db, email: string, ip: string) => {
  const since = windowStart();
  const fromAddress = await db
    .selectFrom('login_attempts')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('oldest')])
    .where('ip', '=', ip)
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const forEmail = await db
    .selectFrom('login_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ip', '=', ip)
    .where('email', '=', email)
    .where('succeeded', '=', false)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  const blocked = Number(fromAddress.n) >= BLOCK_AFTER;
  const retryAfter = blocked && fromAddress.oldest
    ? Math.max(1, Math.ceil((Date.parse(String(fromAddress.oldest)) + WINDOW_SECONDS * 1000 - Date.now()) / 1000))
    : 0;
  return { blocked, retryAfter, captchaRequired: Number(forEmail.n) >= CAPTCHA_AFTER };
};

export const recordAttempt = async (db: Db, email: string, ip: string, succeeded: boolean) => {
  if (succeeded) {
    // A success clears this email's failures from this address; the address-wide bound stays.
    await db.deleteFrom('login_attempts').where('email', '=', email).where('ip', '=', ip).where('succeeded', '=', false).execute();
    return;
  }
  await db.insertInto('login_attempts').values({ email, ip, succeeded: false, created_at: now() }).execute();
  // Old rows have no use; a little cleanup on each failure keeps the table small.
  await db.deleteFrom('login_attempts').where('created_at', '<', windowStart()).execute();
};
