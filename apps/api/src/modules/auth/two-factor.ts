import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { sha256 } from '../../core/auth/tokens';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import './auth.tables';

/** RFC 6238's defaults, which every authenticator app reads: SHA-1, 6 digits, 30 seconds. */
const PERIOD = 30;
/** A code of the step before or after now is accepted too (a phone's clock a little off). */
const WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;

const totpFor = (secret: Secret, label = '', issuer = '') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: 6, period: PERIOD, secret });

/**
 * Secrets are sealed (AES-256-GCM) with a key made from the app secret: a copy of the database
 * alone does not give anyone the codes. Changing APP_SECRET therefore makes every authenticator
 * useless; its users sign in with a recovery code and set it up again.
 */
export const createSecretSeal = (appSecret: string) => {
  const key = createHash('sha256')
    .update('two-factor:' + appSecret)
    .digest();
  return {
    seal: (plain: string) => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open: (sealed: string): string | undefined => {
      try {
        const bytes = Buffer.from(sealed, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
        decipher.setAuthTag(bytes.subarray(12, 28));
        return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return undefined;
      }
    },
  };
};

export type SecretSeal = ReturnType<typeof createSecretSeal>;

/** A new authenticator secret and the otpauth:// address an app reads from its QR code. */
export const newAuthenticator = (issuer: string, account: string) => {
  const secret = new Secret({ size: 20 });
  return { secret: secret.base32, url: totpFor(secret, account, issuer).toString() };
};

/** The time step a code is good for, or undefined when it is good for none near now. */
export const stepOfCode = (base32Secret: string, code: string, at = Date.now()) => {
  if (!/^\d{6}$/.test(code)) return undefined;
  const delta = totpFor(Secret.fromBase32(base32Secret)).validate({
    token: code,
    timestamp: at,
    window: WINDOW,
  });
  return delta === null ? undefined : Math.floor(at / 1000 / PERIOD) + delta;
};

/**
 * A code is accepted once: its step must come after the last accepted one, and recording it is
 * one conditional update, so two sign-ins racing with the same code cannot both win.
 */
export const spendStep = async (db: Db, userId: number, step: number) => {
  const result = await db
    .updateTable('two_factor_secrets')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

/** Recovery codes as people type them: case, spaces and dashes do not matter. */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toUpperCase());

/** Ten new codes (`XXXXX-XXXXX`, 50 bits each), replacing the old ones; answered once. */
export const replaceRecoveryCodes = async (tx: Db, userId: number) => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = [...randomBytes(10)].map((byte) => alphabet[byte % alphabet.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await tx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: recoveryHash(code) })))
    .execute();
  return codes;
};

/** Spends an unused recovery code of the user; false when there is none such. */
export const spendRecoveryCode = async (db: Db, userId: number, code: string) => {
  if (code.length > 40) return false;
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: now() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', recoveryHash(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
};

export const twoFactorState = (db: Db, userId: number) =>
  db.selectFrom('two_factor_secrets').selectAll().where('user_id', '=', userId).executeTakeFirst();
