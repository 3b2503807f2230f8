import { createHash } from 'node:crypto';
import type { Db } from '../db/connection';
import type { Timestamp } from '../db/types';
import { tooManyRequests } from './errors';
import { countInWindow, forgetPassedWindows, rateStateOf, secondsLeft } from './window-counter';

/**
 * A bound on what anonymous visitors may write through the website (the contact form): at
 * most `max` per address within `windowSeconds`, counted in `public_rate_counters`
 * (`window-counter.ts`).
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
  { max, ...window }: PublicLimit,
) => {
  await forgetPassedWindows(db, 'public_rate_counters', window);
  const counted = await countInWindow(
    db,
    'public_rate_counters',
    counterKey(scope, address),
    window,
  );
  if (counted.count > max) throw tooManyRequests(secondsLeft(counted.windowStart, window));
};

/** Where an address stands against the limit (read, not counted): for its RateLimit headers. */
export const publicWriteState = (
  db: Db,
  scope: string,
  address: string,
  { max, ...window }: PublicLimit,
) => rateStateOf(db, 'public_rate_counters', counterKey(scope, address), max, window);
