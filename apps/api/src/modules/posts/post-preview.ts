import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A preview token shows one post as saved, whatever its status, for an hour: the post's id
 * and the token's end, signed with the app's secret. It needs no storage, so every instance
 * sharing APP_SECRET reads it; it opens nothing but that post.
 */
export const PREVIEW_SECONDS = 60 * 60;

const signature = (secret: string, body: string) =>
  createHmac('sha256', `post-preview\n${secret}`).update(body).digest('base64url');

export const makePreviewToken = (secret: string, postId: number, now: Date) => {
  const expires = Math.floor(now.getTime() / 1000) + PREVIEW_SECONDS;
  const body = `${postId}.${expires}`;
  return {
    token: `${body}.${signature(secret, body)}`,
    expires_at: new Date(expires * 1000).toISOString(),
  };
};

/** The post a token opens, or undefined when it is forged, malformed or past its hour. */
export const previewedPost = (secret: string, token: string, now: Date) => {
  const match = /^(\d{1,15})\.(\d{1,12})\.([\w-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, id, expires, given] = match;
  const expected = Buffer.from(signature(secret, `${id}.${expires}`));
  const received = Buffer.from(given!);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return undefined;
  if (Number(expires) * 1000 <= now.getTime()) return undefined;
  return Number(id);
};
