import type { Timestamp } from '../../db/types';

/** Failed sign-ins counted per address, and per email and address, in a window that starts with the first. */
export type LoginCountersTable = {
  key: string;
  failures: number;
  window_start: Timestamp;
};

/** Captcha ids already tried, kept until they would have expired anyway. */
export type SpentCaptchasTable = {
  id: string;
  expires_at: Timestamp;
};

declare module '../../db/types' {
  interface Database {
    login_counters: LoginCountersTable;
    spent_captchas: SpentCaptchasTable;
  }
}
