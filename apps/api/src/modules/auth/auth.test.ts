import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createHash } from 'node:crypto';
import { solveCaptcha } from '../../test/solve-captcha';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';
import { CAPTCHA_MAX_NUMBER } from './captcha';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WRONG_LOGIN = 'Your email or password is wrong. Please check again.';
const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/v1/clients/web/login', { body, locale: 'en', headers });

describe('sign-in', () => {
  it('returns a token pair and the profile with merged permissions', async () => {
    const response = await login({ email: 'ADMIN@example.com', password: ADMIN_PASSWORD });
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(tokens.refresh_token).toMatch(/^rt_/);
    const profile = await t.request('GET', '/api/v1/profile', { token: tokens.access_token });
    expect(profile.statusCode).toBe(200);
    const data = profile.json().data;
    expect(data.email).toBe(ADMIN_EMAIL);
    expect(data.roles[0].name).toBe('super-admin');
    expect(data.permissions).toContain('manage-languages');
    expect(data.permissions).toContain('audit.list');
    expect(JSON.stringify(profile.json())).not.toMatch(/password_hash|argon2/);
  });

  it('answers an unknown email exactly like a wrong password, in the request language', async () => {
    const unknown = await login({ email: 'nobody@example.com', password: 'whatever-123' });
    const wrong = await login({ email: ADMIN_EMAIL, password: 'wrong-password-1' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.json()).toEqual({ message: WRONG_LOGIN, code: 'wrong_login' });
    const vi = await t.request('POST', '/api/v1/clients/web/login', {
      body: { email: ADMIN_EMAIL, password: 'x-wrong-1' },
    });
    expect(vi.json().message).toBe(
      'Email hoặc mật khẩu của bạn không đúng. Vui lòng kiểm tra lại.',
    );
  });

  it('validates the body with the spec texts', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors.email).toEqual(['Please enter the email address!']);
    expect(empty.json().errors.password).toEqual(['Please enter the password!']);
    const bad = await login({ email: 'not-an-email', password: 'x' });
    expect(bad.json().errors.email).toEqual(['Your email address is not valid!']);
    const typed = await login({ email: 12, password: ['a'] });
    expect(typed.statusCode).toBe(422);
  });

  it('asks for a captcha after 5 failures for one email and address, and blocks the address after 20', async () => {
    const ip = { 'x-forwarded-for': '1' }; // not trusted: every inject comes from 127.0.0.1
    const victim = await t.createUser([], {
      email: 'captcha-victim@example.com',
      password: 'Victim-password-9',
    });
    for (let i = 0; i < 5; i++)
      expect((await login({ email: victim.email, password: `nope-${i}-xx` }, ip)).statusCode).toBe(
        401,
      );
    const right = await login({ email: victim.email, password: victim.password });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors.captcha).toEqual(['Incorrect captcha!']);

    const captcha = (await t.request('GET', '/api/v1/captcha')).json().data;
    expect(captcha).toMatchObject({ algorithm: 'SHA-256', maxnumber: CAPTCHA_MAX_NUMBER });
    expect(captcha.captcha_id).toBe(captcha.challenge);
    expect(captcha.challenge).toMatch(/^[0-9a-f]{64}$/);
    const payload = solveCaptcha(captcha)!;
    // a number that does not give the challenge's hash is refused
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64').toString()), number: -1 }),
    ).toString('base64');
    const wrongCaptcha = await login({
      email: victim.email,
      password: victim.password,
      captcha_id: captcha.captcha_id,
      captcha: forged,
    });
    expect(wrongCaptcha.json().errors.captcha).toEqual(['Incorrect captcha!']);
    const solved = await login({
      email: victim.email,
      password: victim.password,
      captcha_id: captcha.captcha_id,
      captcha: payload,
    });
    expect(solved.statusCode).toBe(200);
    // a solved challenge is good for one sign-in only
    for (let i = 0; i < 6; i++) await login({ email: victim.email, password: `again-${i}-xx` }, ip);
    const reused = await login({
      email: victim.email,
      password: victim.password,
      captcha_id: captcha.captcha_id,
      captcha: payload,
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors.captcha).toEqual(['Incorrect captcha!']);

    let last;
    for (let i = 0; i < 25; i++) {
      last = await login({ email: `spray${i}@example.com`, password: 'spray-password' });
      if (last.statusCode === 429) break;
    }
    expect(last!.statusCode).toBe(429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(last!.json().code).toBe('too_many_requests');
    await t.db.deleteFrom('login_counters').execute();
  });

  it('refuses a disabled account that signs in correctly with 403', async () => {
    const user = await t.createUser([]);
    await t.db.updateTable('users').set({ status: 'disable' }).where('id', '=', user.id).execute();
    const response = await login({ email: user.email, password: user.password });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('account_disabled');
    // Disabling also ends the sessions the user already had.
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(401);
  });
});

describe('tokens', () => {
  it('rotates refresh tokens and revokes the whole session when a spent one comes back', async () => {
    const user = await t.createUser(['manage-languages']);
    const first = await t.request('POST', '/api/v1/clients/web/refresh', {
      body: { refresh_token: user.tokens.refresh_token },
    });
    expect(first.statusCode).toBe(200);
    const second = first.json();
    expect(second.refresh_token).not.toBe(user.tokens.refresh_token);
    expect(
      (await t.request('GET', '/api/v1/languages', { token: second.access_token })).statusCode,
    ).toBe(200);

    const replay = await t.request('POST', '/api/v1/clients/web/refresh', {
      body: { refresh_token: user.tokens.refresh_token },
    });
    expect(replay.statusCode).toBe(401);
    // The family is gone: the newest pair no longer works either.
    expect(
      (
        await t.request('POST', '/api/v1/clients/web/refresh', {
          body: { refresh_token: second.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    expect(
      (await t.request('GET', '/api/v1/languages', { token: second.access_token })).statusCode,
    ).toBe(401);
  });

  it('refuses a refresh token used as an access token, and any other bad token', async () => {
    const user = await t.createUser(['manage-languages']);
    for (const token of [user.tokens.refresh_token, 'abc', user.token + 'x']) {
      const response = await t.request('GET', '/api/v1/languages', { token, locale: 'en' });
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    }
    const none = await t.request('GET', '/api/v1/languages', { locale: 'en' });
    expect(none.json()).toEqual({
      message: 'Please sign in to continue.',
      code: 'unauthenticated',
    });
  });

  it('tells an expired token apart (token_expired) and refuses other algorithms', async () => {
    const key = createHash('sha256')
      .update('access-token:' + t.config.appSecret)
      .digest();
    const expired = await new SignJWT({ sid: 'x', typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('1')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const response = await t.request('GET', '/api/v1/profile', { token: expired });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('token_expired');
    const [, payload] = t.adminToken.split('.');
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await t.request('GET', '/api/v1/profile', { token: unsigned })).json().code).toBe(
      'invalid_token',
    );
  });

  it('refuses a correctly signed token without exp or iat', async () => {
    const key = createHash('sha256')
      .update('access-token:' + t.config.appSecret)
      .digest();
    const { sub, sid } = JSON.parse(
      Buffer.from(t.adminToken.split('.')[1]!, 'base64url').toString(),
    ) as { sub: string; sid: string };
    const sign = (claims: { exp?: boolean; iat?: boolean }) => {
      let jwt = new SignJWT({ sid, typ: 'access' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub);
      if (claims.iat) jwt = jwt.setIssuedAt();
      if (claims.exp) jwt = jwt.setExpirationTime('10m');
      return jwt.sign(key);
    };
    // The same session and key with both claims works, so only the missing claim decides.
    expect(
      (await t.request('GET', '/api/v1/profile', { token: await sign({ exp: true, iat: true }) }))
        .statusCode,
    ).toBe(200);
    for (const claims of [{ iat: true }, { exp: true }, {}]) {
      const response = await t.request('GET', '/api/v1/profile', { token: await sign(claims) });
      expect(response.statusCode, JSON.stringify(claims)).toBe(401);
      expect(response.json().code).toBe('invalid_token');
    }
  });

  it('issues a distinct access token at every refresh, even within the same second', async () => {
    const user = await t.createUser([]);
    const issuedAt = (token: string) =>
      (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number })
        .iat;
    let previous = user.tokens;
    // Refresh until two tokens come from the same second (one try nearly always suffices).
    for (let i = 0; i < 20; i++) {
      const response = await t.request('POST', '/api/v1/clients/web/refresh', {
        body: { refresh_token: previous.refresh_token },
      });
      expect(response.statusCode).toBe(200);
      const next = response.json();
      if (issuedAt(next.access_token) === issuedAt(previous.access_token)) {
        expect(next.access_token).not.toBe(previous.access_token);
        expect(
          (await t.request('GET', '/api/v1/profile', { token: next.access_token })).statusCode,
        ).toBe(200);
        return;
      }
      previous = next;
    }
    throw new Error('no two refreshes within one second');
  });

  it('ends the session at sign-out', async () => {
    const user = await t.createUser([]);
    expect((await t.request('DELETE', '/api/v1/logout', { token: user.token })).statusCode).toBe(
      204,
    );
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(401);
    expect(
      (
        await t.request('POST', '/api/v1/clients/web/refresh', {
          body: { refresh_token: user.tokens.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('password change', () => {
  it('applies the policy and ends the other sessions', async () => {
    const user = await t.createUser([]);
    const other = await t.login(user.email, user.password);
    const url = `/api/v1/users/${user.id}/password`;
    const short = await t.request('PATCH', url, {
      token: user.token,
      locale: 'en',
      body: { current_password: user.password, new_password: 'short' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().errors.new_password).toEqual([
      'The password must be at least 8 characters long.',
    ]);
    const common = await t.request('PATCH', url, {
      token: user.token,
      locale: 'en',
      body: { current_password: user.password, new_password: 'password123' },
    });
    expect(common.json().errors.new_password).toEqual([
      'This password is too common. Please choose another one.',
    ]);
    const wrong = await t.request('PATCH', url, {
      token: user.token,
      locale: 'en',
      body: { current_password: 'not-it-123', new_password: 'Brand-new-pass-1' },
    });
    expect(wrong.json().errors.current_password).toEqual(['The current password is not correct.']);

    const ok = await t.request('PATCH', url, {
      token: user.token,
      body: { current_password: user.password, new_password: 'Brand-new-pass-1' },
    });
    expect(ok.statusCode).toBe(204);
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(200);
    expect(
      (await t.request('GET', '/api/v1/profile', { token: other.access_token })).statusCode,
    ).toBe(401);
    expect((await login({ email: user.email, password: user.password })).statusCode).toBe(401);
    expect((await login({ email: user.email, password: 'Brand-new-pass-1' })).statusCode).toBe(200);
  });

  it("changes another user's password only with users.update, and never a stronger user's", async () => {
    const target = await t.createUser(['manage-redirects']);
    const lister = await t.createUser(['users.list']);
    const updater = await t.createUser(['users.update', 'manage-redirects']);
    const body = { new_password: 'Reset-by-admin-1' };
    expect(
      (
        await t.request('PATCH', `/api/v1/users/${target.id}/password`, {
          token: lister.token,
          body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request('PATCH', `/api/v1/users/1/password`, { token: updater.token, body }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('PATCH', `/api/v1/users/${target.id}/password`, {
          token: updater.token,
          body,
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.request('GET', '/api/v1/profile', { token: target.token })).statusCode).toBe(
      401,
    );
  });

  it('enforces a must-change-password flag until the password is changed', async () => {
    const user = await t.createUser(['manage-languages']);
    await t.db
      .updateTable('users')
      .set({ must_change_password: true })
      .where('id', '=', user.id)
      .execute();
    const blocked = await t.request('GET', '/api/v1/languages', { token: user.token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('password_change_required');
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).json().code).toBe(
      'password_change_required',
    );
    const changed = await t.request('PATCH', `/api/v1/users/${user.id}/password`, {
      token: user.token,
      body: { current_password: user.password, new_password: 'Changed-at-last-1' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.request('GET', '/api/v1/languages', { token: user.token })).statusCode).toBe(
      200,
    );
  });
});
