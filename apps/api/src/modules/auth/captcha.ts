import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import { sha256 } from '../../core/auth/tokens';

const CAPTCHA_SECONDS = 10 * 60;

const normalise = (answer: string) => answer.trim().toLowerCase();

/** An image made here (no outside service): distorted paths, not text, in an SVG data URL. */
export const createCaptcha = async (db: Db) => {
  const { text, data } = svgCaptcha.create({ size: 5, noise: 3, ignoreChars: '0oO1lIi', color: true, background: '#f4f6f8' });
  const id = randomUUID();
  await db.deleteFrom('captchas').where('expires_at', '<', now()).execute();
  await db
    .insertInto('captchas')
    .values({ id, answer_hash: sha256(id + ':' + normalise(text)), expires_at: new Date(Date.now() + CAPTCHA_SECONDS * 1000).toISOString() })
    .execute();
  return { captcha_id: id, image: 'data:image/svg+xml;base64,' + Buffer.from(data).toString('base64'), answer: text };
};

/** One try per captcha: it is consumed whether the answer was right or not. */
export const checkCaptcha = async (db: Db, id: string | undefined, answer: string | undefined) => {
  if (!id || !answer) return false;
  const row = await db.deleteFrom('captchas').where('id', '=', id).returning(['answer_hash', 'expires_at']).executeTakeFirst();
  return Boolean(row && row.expires_at > now() && row.answer_hash === sha256(id + ':' + normalise(answer)));
};
