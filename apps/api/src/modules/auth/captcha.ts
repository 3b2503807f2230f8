import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createRequire } from 'node:module';
import type svgCaptchaModule from 'svg-captcha';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import './auth.tables';

const CAPTCHA_SECONDS = 10 * 60;

// Its fonts are parsed when it loads (about 10 MB): only once a captcha is asked for.
let svgCaptcha: typeof svgCaptchaModule | undefined;
const loadSvgCaptcha = () =>
  (svgCaptcha ??= createRequire(import.meta.url)('svg-captcha') as typeof svgCaptchaModule);

const normalise = (answer: string) => answer.trim().toLowerCase();

/**
 * A captcha id verifies itself: `nonce.expiry.idMac.answerMac`, both MACs keyed with the
 * app secret. Serving a captcha stores nothing (GET /captcha is public: a flood must not
 * grow the database), and any instance sharing APP_SECRET checks it. The answer is only
 * in a keyed MAC, so the id cannot be solved offline.
 */
export const createCaptchaKeys = (appSecret: string) => {
  const key = createHash('sha256')
    .update('captcha:' + appSecret)
    .digest();
  const mac = (text: string) =>
    createHmac('sha256', key).update(text).digest('base64url').slice(0, 22);
  const same = (a: string, b: string) =>
    a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    /** An image made here (no outside service): distorted paths, not text, in an SVG data URL. */
    create: () => {
      const { text, data } = loadSvgCaptcha().create({
        size: 5,
        noise: 3,
        ignoreChars: '0oO1lIi',
        color: true,
        background: '#f4f6f8',
      });
      const body = `${randomBytes(12).toString('base64url')}.${Math.floor(Date.now() / 1000) + CAPTCHA_SECONDS}`;
      const captchaId = `${body}.${mac('id:' + body)}.${mac(`answer:${body}:${normalise(text)}`)}`;
      return {
        captcha_id: captchaId,
        image: 'data:image/svg+xml;base64,' + Buffer.from(data).toString('base64'),
        answer: text,
      };
    },

    /**
     * One try per captcha: a genuine, unexpired id is spent whether the answer was right or
     * not, and remembered only until it would have expired (so the table stays bounded).
     */
    check: async (db: Db, id: string | undefined, answer: string | undefined) => {
      if (!id || !answer) return false;
      const [nonce, expiry, idMac, answerMac, ...rest] = id.split('.');
      if (!nonce || !expiry || !idMac || !answerMac || rest.length > 0) return false;
      const body = `${nonce}.${expiry}`;
      if (!same(idMac, mac('id:' + body))) return false;
      const expiresAt = Number(expiry) * 1000;
      if (!(expiresAt > Date.now())) return false;
      await db.deleteFrom('spent_captchas').where('expires_at', '<', now()).execute();
      const fresh = await db
        .insertInto('spent_captchas')
        .values({ id: nonce, expires_at: new Date(expiresAt).toISOString() })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      return Boolean(fresh) && same(answerMac, mac(`answer:${body}:${normalise(answer)}`));
    },
  };
};
