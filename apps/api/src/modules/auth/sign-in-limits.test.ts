import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { createCaptchaKeys } from './captcha';

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
    // The account itself is untouched from another address.
    expect(
      (await signIn(t.app, '203.0.113.8', { email: victim.email, password: victim.password }))
        .statusCode,
    ).toBe(200);
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

  it('takes an id once, with its answer, from this server, before it expires; spent ids are kept only until then', async () => {
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
      const id = (await t.request('GET', '/api/v1/captcha')).json().data.captcha_id as string;
      return { id, answer: t.captchas.get(id)! };
    };

    const good = await fresh();
    const [nonce, expiry, idMac, answerMac] = good.id.split('.');
    const later = `${nonce}.${Number(expiry) + 3600}.${idMac}.${answerMac}`;
    const foreign = createCaptchaKeys('another-secret-that-is-long-enough-for-this').create();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60 * 1000);
    const expired = createCaptchaKeys(t.config.appSecret).create();
    vi.useRealTimers();
    for (const [id, answer] of [
      [later, good.answer],
      [foreign.captcha_id, foreign.answer],
      [expired.captcha_id, expired.answer],
      ['not-an-id', 'abcde'],
    ] as const) {
      const response = await tryWith(id, answer);
      expect(response.statusCode, id).toBe(422);
      expect(response.json().errors.captcha).toEqual(['Incorrect captcha!']);
    }
    // Forged and expired ids are not stored at all.
    expect(await countRows(t, 'spent_captchas')).toBe(0);

    const wrong = await fresh();
    expect((await tryWith(wrong.id, 'zzzzz')).statusCode).toBe(422);
    // One try per id, even with the right answer after a wrong one.
    expect((await tryWith(wrong.id, wrong.answer)).statusCode).toBe(422);
    expect((await tryWith(good.id, good.answer.toUpperCase())).statusCode).toBe(200);
    expect(await countRows(t, 'spent_captchas')).toBe(2);

    // Once their captchas would have expired, spent ids are forgotten at the next check.
    await t.db
      .updateTable('spent_captchas')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    for (let i = 0; i < 5; i++)
      await signIn(t.app, address, { email: user.email, password: `nope-again-${i}` });
    const last = await fresh();
    expect((await tryWith(last.id, last.answer)).statusCode).toBe(200);
    expect(await countRows(t, 'spent_captchas')).toBe(1);
  });
});
