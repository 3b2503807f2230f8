import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/connection';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A code of the authenticator app, `steps` periods of 30 s from now. */
const codeOf = (secret: string, steps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + steps * 30_000,
  });

const signIn = (
  email: string,
  password: string,
  address = '127.0.0.1',
  app: FastifyInstance = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/clients/web/login',
    remoteAddress: address,
    headers: { locale: 'en' },
    payload: { email, password },
  });

const finish = (
  challenge: string,
  code: string,
  address = '127.0.0.1',
  app: FastifyInstance = t.app,
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/login/2fa',
    remoteAddress: address,
    headers: { locale: 'en' },
    payload: { challenge, code },
  });

/** A user with two-factor sign-in turned on: their secret and recovery codes. */
const withTwoFactor = async (permissions: string[] = []) => {
  const user = await t.createUser(permissions);
  const setup = await t.request('POST', '/api/v1/profile/2fa', { token: user.token });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json().data as { secret: string };
  const enabledWith = codeOf(secret);
  const enabled = await t.request('POST', '/api/v1/profile/2fa/enable', {
    token: user.token,
    body: { code: enabledWith },
  });
  expect(enabled.statusCode).toBe(200);
  return {
    ...user,
    secret,
    // spent: a code computed again later may be the next period's, which is not
    enabledWith,
    recovery: enabled.json().data.recovery_codes as string[],
  };
};

describe('two-factor sign-in', () => {
  it('sets up with a QR code drawn here, turns on with a code, and answers 10 recovery codes once', async () => {
    const user = await t.createUser([]);
    const setup = await t.request('POST', '/api/v1/profile/2fa', { token: user.token });
    const { secret, otpauth_url, svg } = setup.json().data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=[A-Z2-7]+/);
    expect(otpauth_url).toContain(encodeURIComponent(user.email));
    expect(svg).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<script|on\w+=|href=/i);
    // the secret is kept sealed, never as the app shows it
    const stored = await t.db
      .selectFrom('two_factor_secrets')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(secret);
    // until a code proves the app has it, sign-in is unchanged
    expect((await signIn(user.email, user.password)).json()).toHaveProperty('access_token');

    const wrong = await t.request('POST', '/api/v1/profile/2fa/enable', {
      token: user.token,
      locale: 'vi',
      body: { code: '000000' === codeOf(secret) ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.code).toEqual(['Mã không đúng hoặc đã được sử dụng.']);
    const enabled = await t.request('POST', '/api/v1/profile/2fa/enable', {
      token: user.token,
      body: { code: codeOf(secret) },
    });
    expect(enabled.statusCode).toBe(200);
    const codes = enabled.json().data.recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(
      JSON.stringify(await t.db.selectFrom('recovery_codes').selectAll().execute()),
    ).not.toContain(codes[0]!);
    const again = await t.request('POST', '/api/v1/profile/2fa', {
      token: user.token,
      locale: 'en',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.code).toEqual(['Two-factor sign-in is already on.']);
  });

  it('asks for a code after the password, accepts each code once, and a recovery code once', async () => {
    const user = await withTwoFactor();
    const first = await signIn(user.email, user.password);
    expect(first.statusCode).toBe(200);
    const answer = first.json();
    expect(answer).toEqual({ two_factor: true, challenge: expect.any(String) });
    expect(answer).not.toHaveProperty('access_token');

    // the code used to turn it on is spent already; the next period's code works
    expect((await finish(answer.challenge, user.enabledWith)).statusCode).toBe(422);
    const next = codeOf(user.secret, 1);
    const signedIn = await finish(answer.challenge, next);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({
      token_type: 'Bearer',
      access_token: expect.any(String),
    });
    const profile = await t.request('GET', '/api/v1/profile', {
      token: signedIn.json().access_token,
    });
    expect(profile.statusCode).toBe(200);

    // the same code a second time, within its window, is refused
    const replay = await finish((await signIn(user.email, user.password)).json().challenge, next);
    expect(replay.statusCode).toBe(422);
    expect(replay.json().errors.code).toEqual(['The code is wrong or has already been used.']);

    const challenge = (await signIn(user.email, user.password)).json().challenge;
    const typed = user.recovery[0]!.toLowerCase().replace('-', ' ');
    expect((await finish(challenge, typed)).statusCode).toBe(200);
    expect((await finish(challenge, user.recovery[0]!)).statusCode).toBe(422);
    expect((await finish(challenge, user.recovery[1]!)).statusCode).toBe(200);
  });

  it('lets one of four sign-ins racing with the same code through (on two instances with PostgreSQL)', async () => {
    const user = await withTwoFactor();
    // Two SQLite instances in one process would block each other's event loop on the file lock.
    const database = t.engine === 'postgres' ? openDatabase(t.config.databaseUrl) : t.database;
    const second =
      t.engine === 'postgres'
        ? await buildApp({ config: t.config, database, adminDist: '/nonexistent' })
        : t.app;
    try {
      const code = codeOf(user.secret, 1);
      const challenges = await Promise.all(
        [t.app, second, t.app, second].map(async (app) => {
          const response = await signIn(user.email, user.password, '127.0.0.1', app);
          return response.json().challenge as string;
        }),
      );
      const answers = await Promise.all(
        challenges.map((challenge, i) =>
          finish(challenge, code, '127.0.0.1', i % 2 ? second : t.app),
        ),
      );
      expect(answers.map((a) => a.statusCode).sort(), answers.map((a) => a.body).join()).toEqual([
        200, 422, 422, 422,
      ]);
    } finally {
      if (second !== t.app) {
        await second.close();
        await database.close();
      }
    }
  });

  it('counts wrong codes toward the sign-in limits: after 5 the sign-in starts again', async () => {
    const user = await withTwoFactor();
    const address = '198.51.100.77';
    const challenge = (await signIn(user.email, user.password, address)).json().challenge;
    for (let i = 0; i < 5; i++) {
      const wrong = await finish(
        challenge,
        `12345${i}` === codeOf(user.secret) ? '999999' : `12345${i}`,
        address,
      );
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().errors.code).toEqual(['The code is wrong or has already been used.']);
    }
    // even the right code is not taken now: the password (and the captcha) again
    const blocked = await finish(challenge, codeOf(user.secret, 1), address);
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().errors.challenge).toEqual([
      'Too many wrong codes. Please sign in again.',
    ]);
    const withoutCaptcha = await signIn(user.email, user.password, address);
    expect(withoutCaptcha.statusCode).toBe(422);
    expect(withoutCaptcha.json().errors.captcha).toEqual(['Incorrect captcha!']);
  });

  it('refuses a forged, foreign or broken challenge', async () => {
    const user = await withTwoFactor();
    const real = (await signIn(user.email, user.password)).json().challenge as string;
    const [head, body] = real.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: '1' })).toString('base64url')}.${real.split('.')[2]}`;
    for (const challenge of [forged, 'not-a-challenge', user.token]) {
      const response = await finish(challenge, codeOf(user.secret, 1));
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.challenge).toEqual([
        'This sign-in has expired. Please sign in again.',
      ]);
    }
  });

  it('turns off only with the current password', async () => {
    const user = await withTwoFactor();
    const token = (
      await finish((await signIn(user.email, user.password)).json().challenge, user.recovery[0]!)
    ).json().access_token;
    const wrong = await t.request('DELETE', '/api/v1/profile/2fa', {
      token,
      locale: 'en',
      body: { current_password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.current_password).toBeDefined();
    const missing = await t.request('DELETE', '/api/v1/profile/2fa', { token, body: {} });
    expect(missing.statusCode).toBe(422);
    const off = await t.request('DELETE', '/api/v1/profile/2fa', {
      token,
      body: { current_password: user.password },
    });
    expect(off.statusCode).toBe(204);
    expect((await signIn(user.email, user.password)).json()).toHaveProperty('access_token');
    expect(
      await t.db.selectFrom('recovery_codes').where('user_id', '=', user.id).selectAll().execute(),
    ).toEqual([]);
  });
});

describe('a role that requires two-factor sign-in', () => {
  it('lets its holders without it only set it up, and everything once they have', async () => {
    const user = await t.createUser(['posts.list']);
    const roleId = (
      await t.db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).role_id;
    const narrow = await t.createUser(['roles.list' as never].filter(() => false));
    const refused = await t.request('PATCH', `/api/v1/roles/${roleId}`, {
      token: narrow.token,
      body: { require_2fa: true },
    });
    expect(refused.statusCode).toBe(403);
    const set = await t.request('PATCH', `/api/v1/roles/${roleId}`, {
      token: t.adminToken,
      body: { require_2fa: true },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ require_2fa: true, permissions: ['posts.list'] });

    const posts = await t.request('GET', '/api/v1/posts', { token: user.token, locale: 'en' });
    expect(posts.statusCode).toBe(403);
    expect(posts.json()).toEqual({
      code: 'two_factor_required',
      message: 'Your role requires two-factor sign-in. Set it up before you continue.',
    });
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(200);
    const setup = await t.request('POST', '/api/v1/profile/2fa', { token: user.token });
    expect(setup.statusCode).toBe(200);
    const enabled = await t.request('POST', '/api/v1/profile/2fa/enable', {
      token: user.token,
      body: { code: codeOf(setup.json().data.secret) },
    });
    expect(enabled.statusCode).toBe(200);
    expect((await t.request('GET', '/api/v1/posts', { token: user.token })).statusCode).toBe(200);

    // a role's rule is changed alone, its permissions stay
    const roles = await t.request('GET', `/api/v1/roles/${roleId}`, { token: t.adminToken });
    expect(roles.json().data.permissions).toEqual(['posts.list']);
  });

  it('puts the password change first when both are due', async () => {
    const user = await t.createUser(['posts.list']);
    const roleId = (
      await t.db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow()
    ).role_id;
    await t.db.updateTable('roles').set({ require_2fa: true }).where('id', '=', roleId).execute();
    await t.db
      .updateTable('users')
      .set({ must_change_password: true })
      .where('id', '=', user.id)
      .execute();
    const setup = await t.request('POST', '/api/v1/profile/2fa', { token: user.token });
    expect(setup.json().code).toBe('password_change_required');
    const changed = await t.request('PATCH', `/api/v1/users/${user.id}/password`, {
      token: user.token,
      body: { current_password: user.password, new_password: 'Brand-new-pass-42' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.request('GET', '/api/v1/posts', { token: user.token })).json().code).toBe(
      'two_factor_required',
    );
  });
});

describe('sessions', () => {
  it('lists my sessions with the current one marked, and ends another at once', async () => {
    const user = await t.createUser([]);
    const other = await t.login(user.email, user.password);
    const list = await t.request('GET', '/api/v1/profile/sessions', { token: user.token });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().data as Array<{ id: string; current: boolean; ip: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      ip: '127.0.0.1',
      created_at: expect.any(String),
      last_used_at: expect.any(String),
    });
    const otherId = sessions.find((s) => !s.current)!.id;
    const ended = await t.request('DELETE', `/api/v1/profile/sessions/${otherId}`, {
      token: user.token,
    });
    expect(ended.statusCode).toBe(204);
    expect(
      (await t.request('GET', '/api/v1/profile', { token: other.access_token })).statusCode,
    ).toBe(401);
    const refresh = await t.request('POST', '/api/v1/clients/web/refresh', {
      body: { refresh_token: other.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);
    expect(
      (await t.request('GET', '/api/v1/profile/sessions', { token: user.token })).json().data,
    ).toHaveLength(1);
  });

  it("ends nobody else's session through one's own list", async () => {
    const owner = await t.createUser([]);
    const stranger = await t.createUser([]);
    const ownerSession = (
      await t.request('GET', '/api/v1/profile/sessions', { token: owner.token })
    ).json().data[0].id;
    const response = await t.request('DELETE', `/api/v1/profile/sessions/${ownerSession}`, {
      token: stranger.token,
    });
    expect(response.statusCode).toBe(404);
    expect((await t.request('GET', '/api/v1/profile', { token: owner.token })).statusCode).toBe(
      200,
    );
  });

  it("shows and ends the sessions of accounts one may manage, and no stronger account's", async () => {
    const manager = await t.createUser(['users.list', 'users.update']);
    const staff = await t.createUser(['users.list']);
    const lister = await t.createUser(['users.list']);
    const list = await t.request('GET', `/api/v1/users/${staff.id}/sessions`, {
      token: manager.token,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().data[0].current).toBe(false);
    // users.update is needed, and the target must hold nothing the reader lacks
    expect(
      (await t.request('GET', `/api/v1/users/${staff.id}/sessions`, { token: lister.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request('GET', `/api/v1/users/1/sessions`, { token: manager.token })).statusCode,
    ).toBe(403);
    const adminSession = (
      await t.request('GET', '/api/v1/users/1/sessions', { token: t.adminToken })
    ).json().data[0].id;
    expect(
      (
        await t.request('DELETE', `/api/v1/users/1/sessions/${adminSession}`, {
          token: manager.token,
        })
      ).statusCode,
    ).toBe(403);

    const ended = await t.request(
      'DELETE',
      `/api/v1/users/${staff.id}/sessions/${list.json().data[0].id}`,
      {
        token: manager.token,
      },
    );
    expect(ended.statusCode).toBe(204);
    expect((await t.request('GET', '/api/v1/profile', { token: staff.token })).statusCode).toBe(
      401,
    );
    // a session id of another user under this user's path names nothing
    const managerSession = (
      await t.request('GET', '/api/v1/profile/sessions', { token: manager.token })
    ).json().data[0].id;
    expect(
      (
        await t.request('DELETE', `/api/v1/users/${lister.id}/sessions/${managerSession}`, {
          token: t.adminToken,
        })
      ).statusCode,
    ).toBe(404);
  });
});
