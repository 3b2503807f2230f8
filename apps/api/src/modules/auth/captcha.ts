import { createHash } from 'node:crypto';
import { createChallenge, verifySolution } from 'altcha-lib/v1';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import './auth.tables';

const CAPTCHA_SECONDS = 10 * 60;
const ALGORITHM = 'SHA-256';

/**
 * The secret number of a challenge is at most this: a browser finds it in about half a second
 * on average, and a script pays the same for each sign-in it tries.
 */
export const CAPTCHA_MAX_NUMBER = 200_000;

export type CaptchaChallenge = {
  captcha_id: string;
  algorithm: typeof ALGORITHM;
  challenge: string;
  salt: string;
  signature: string;
  maxnumber: number;
};

type SolvedPayload = { algorithm?: unknown; challenge?: unknown; salt?: unknown };

const decodePayload = (captcha: string): SolvedPayload | undefined => {
  try {
    const decoded: unknown = JSON.parse(Buffer.from(captcha, 'base64').toString('utf8'));
    return decoded && typeof decoded === 'object' ? (decoded as SolvedPayload) : undefined;
  } catch {
    return undefined;
  }
};

/**
 * A proof-of-work captcha in ALTCHA's form: the client finds the number n ≤ `maxnumber` whose
 * SHA-256 after the salt is the challenge. It needs no picture, so a screen-reader user passes
 * it, and it stops scripts by what each attempt costs. The challenge is signed with a key made
 * from the app secret and its expiry is inside the signed salt, so serving one stores nothing
 * (GET /captcha is public: a flood must not grow the database) and any instance sharing
 * APP_SECRET checks it. Its id is the challenge itself.
 */
export const createCaptchaKeys = (appSecret: string) => {
  const hmacKey = createHash('sha256')
    .update('captcha:' + appSecret)
    .digest('hex');

  return {
    create: async (): Promise<CaptchaChallenge> => {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        hmacKey,
        maxnumber: CAPTCHA_MAX_NUMBER,
        expires: new Date(Date.now() + CAPTCHA_SECONDS * 1000),
      });
      return {
        captcha_id: challenge.challenge,
        algorithm: ALGORITHM,
        challenge: challenge.challenge,
        salt: challenge.salt,
        signature: challenge.signature,
        maxnumber: challenge.maxnumber ?? CAPTCHA_MAX_NUMBER,
      };
    },

    /**
     * A solved challenge works once, on every instance: it is remembered as spent (in the
     * database the instances share) only when it is used, and only until it would have expired
     * anyway, so the table stays bounded.
     */
    check: async (db: Db, id: string | undefined, captcha: string | undefined) => {
      if (!id || !captcha) return false;
      const payload = decodePayload(captcha);
      if (!payload || payload.algorithm !== ALGORITHM || payload.challenge !== id) return false;
      if (typeof payload.salt !== 'string') return false;
      // Every challenge made here carries its expiry; one without is not ours.
      const expires = Number(new URLSearchParams(payload.salt.split('?')[1] ?? '').get('expires'));
      if (!Number.isInteger(expires)) return false;
      if (!(await verifySolution(captcha, hmacKey, true))) return false;
      await db.deleteFrom('spent_captchas').where('expires_at', '<', now()).execute();
      const fresh = await db
        .insertInto('spent_captchas')
        .values({ id, expires_at: new Date(expires * 1000).toISOString() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(fresh);
    },
  };
};
