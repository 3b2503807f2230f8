import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { solveCaptcha } from '../../test/solve-captcha';
import { createCaptchaKeys, type CaptchaChallenge } from './captcha';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A sign-in from a given client address (each test its own, so their limits do not meet). */
const signIn = (app: FastifyInstance, address: string, body: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/clients/web/login',
    remoteAddress: address,
    headers: { locale: 'en' },
    payload: body,
  });

const statuses = (responses: Array<{ statusCode: number }>) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describe('sign-in limits under attempts that arrive at once', () => {
  it('gives 60 simultaneous wrong attempts for one email from one address at most 5 password checks', async () => {
    const victim = await t.createUser([], { email: 'parallel-victim@example.com' });
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signIn(t.app, '203.0.113.7', { email: victim.email, password: `wrong-password-${i}` }),
      ),
    );
    // 401 only after a password check; attempts 6-20 need the captcha, 21-60 are over the address's bound.
    expect(statuses(responses)).toEqual({ 401: 5, 422: 15, 429: 40 });
    for (const response of responses.filter((r) => r.statusCode === 422))
      expect(response.json().errors.captcha).toEqual(['Incorrect captcha!']);
    expect(
      Number(responses.find((r) => r.statusCode === 429)!.headers['retry-after']),
    ).toBeGreaterThan(0);
    // Every answer says where the address stands against its 20 (read as it is sent).
    for (const response of responses) {
      expect(response.headers['ratelimit-limit']).toBe('20');
      expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThan(0);
    }
    expect(Math.min(...responses.map((r) => Number(r.headers['ratelimit-remaining'])))).toBe(0);
    // The account itself is untouched from another address.
    expect(
      (await signIn(t.app, '203.0.113.8', { email: victim.email, password: victim.password }))
        .statusCode,
    ).toBe(200);
  });

  it('tells a caller where it stands on every answer, its refusals included', async () => {
    const user = await t.createUser([], { email: 'counted@example.com' });
    const remaining = async (body: Record<string, unknown>) => {
      const response = await signIn(t.app, '192.0.2.61', body);
      return [response.statusCode, response.headers['ratelimit-remaining']];
    };
    expect(await remaining({ email: user.email, password: 'wrong-one' })).toEqual([401, '19']);
    expect(await remaining({ email: user.email, password: 'wrong-two' })).toEqual([401, '18']);
    // A body the schema refuses is not an attempt: it is not counted, and it is told.
    expect(await remaining({ email: user.email })).toEqual([422, '18']);
    // A success gives its own attempt back.
    expect(await remaining({ email: user.email, password: user.password })).toEqual([200, '18']);
  });

  it('holds across two instances sharing one database', async () => {
    const victim = await t.createUser([], { email: 'two-instances-victim@example.com' });
    const database = openDatabase(t.config.databaseUrl);
    const second = await buildApp({ config: t.config, database, adminDist: '/nonexistent' });
    try {
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          signIn(i % 2 === 0 ? t.app : second, '198.51.100.23', {
            email: victim.email,
            password: `wrong-password-${i}`,
          }),
        ),
      );
      expect(statuses(responses)).toEqual({ 401: 5, 422: 15, 429: 20 });
    } finally {
      await second.close();
      await database.close();
    }
  });
});

describe('captchas that verify themselves', () => {
  it('stores nothing when a captcha is served', async () => {
    const tables = (await t.db.introspection.getTables()).map((table) => table.name);
    const rows = async () =>
      Object.fromEntries(
        await Promise.all(tables.map(async (name) => [name, await countRows(t, name)] as const)),
      );
    const before = await rows();
    const served = await Promise.all(
      Array.from({ length: 40 }, () => t.request('GET', '/api/v1/captcha')),
    );
    expect(served.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(served.map((r) => r.json().data.captcha_id)).size).toBe(40);
    expect(await rows()).toEqual(before);
  });

  it('takes a solved challenge once, from this server, before it expires; spent ones are kept only until then', async () => {
    const address = '192.0.2.44';
    const user = await t.createUser([], { email: 'captcha-user@example.com' });
    for (let i = 0; i < 5; i++)
      expect(
        (await signIn(t.app, address, { email: user.email, password: `nope-${i}-password` }))
          .statusCode,
      ).toBe(401);
    const tryWith = (captcha_id: string, captcha: string) =>
      signIn(t.app, address, { email: user.email, password: user.password, captcha_id, captcha });
    const fresh = async () => {
      const challenge = (await t.request('GET', '/api/v1/captcha')).json().data as CaptchaChallenge;
      return { id: challenge.captcha_id, answer: solveCaptcha(challenge)! };
    };
    const edit = (payload: string, change: Record<string, unknown>) =>
      Buffer.from(
        JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64').toString()), ...change }),
      ).toString('base64');

    const good = await fresh();
    const other = await fresh();
    const foreign = await createCaptchaKeys('another-secret-that-is-long-enough-for-this').create();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60 * 1000);
    const expired = await createCaptchaKeys(t.config.appSecret).create();
    vi.useRealTimers();
    for (const [id, answer] of [
      // signed elsewhere, expired, another challenge's id, the salt changed to live longer
      [foreign.captcha_id, solveCaptcha(foreign)!],
      [expired.captcha_id, solveCaptcha(expired)!],
      [other.id, good.answer],
      [
        good.id,
        edit(good.answer, {
          salt: JSON.parse(Buffer.from(good.answer, 'base64').toString()).salt.replace(
            'expires=',
            'expires=9',
          ),
        }),
      ],
      [good.id, edit(good.answer, { algorithm: 'SHA-1' })],
      ['not-an-id', 'abcde'],
      [good.id, 'not base64 json'],
    ] as const) {
      const response = await tryWith(id, answer);
      expect(response.statusCode, id).toBe(422);
      expect(response.json().errors.captcha).toEqual(['Incorrect captcha!']);
    }
    // Forged and expired challenges are not stored at all.
    expect(await countRows(t, 'spent_captchas')).toBe(0);

    expect((await tryWith(good.id, good.answer)).statusCode).toBe(200);
    for (let i = 0; i < 6; i++)
      await signIn(t.app, address, { email: user.email, password: `nope-once-more-${i}` });
    // A solved challenge signs in once, on every instance sharing the database.
    const database = openDatabase(t.config.databaseUrl);
    const second = await buildApp({ config: t.config, database, adminDist: '/nonexistent' });
    try {
      const again = await signIn(second, address, {
        email: user.email,
        password: user.password,
        captcha_id: good.id,
        captcha: good.answer,
      });
      expect(again.statusCode).toBe(422);
    } finally {
      await second.close();
      await database.close();
    }
    expect(await countRows(t, 'spent_captchas')).toBe(1);

    // Once their challenges would have expired, spent ones are forgotten at the next check.
    await t.db
      .updateTable('spent_captchas')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const last = await fresh();
    expect((await tryWith(last.id, last.answer)).statusCode).toBe(200);
    expect(await countRows(t, 'spent_captchas')).toBe(1);
  });
});
