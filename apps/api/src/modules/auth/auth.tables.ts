import type { Generated } from 'kysely';
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

/** A user's authenticator secret, sealed; `last_step` is the TOTP time step last accepted. */
export type TwoFactorSecretsTable = {
  user_id: number;
  secret: string | null;
  pending_secret: string | null;
  enabled_at: Timestamp | null;
  last_step: number | null;
};

/** One-time recovery codes, as SHA-256 hashes. */
export type RecoveryCodesTable = {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
};

declare module '../../db/types' {
  interface Database {
    two_factor_secrets: TwoFactorSecretsTable;
    recovery_codes: RecoveryCodesTable;
    login_counters: LoginCountersTable;
    spent_captchas: SpentCaptchasTable;
  }
}
