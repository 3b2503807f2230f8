import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer } from '../../mail/smtp-test-server';
import { createTestApp, type TestApp } from '../../test/test-app';
import { uniqueEmail } from '../../test/test-kit';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtp.port),
    SMTP_FROM: 'Back office <bo@example.com>',
    PUBLIC_URL: 'https://admin.example.com',
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newStaff = async () => {
  const user = await t.createUser(['posts.list'], { email: uniqueEmail('staff') });
  return user;
};

const reset = (id: number, mode: string, locale = 'en') =>
  t.request('POST', `/api/v1/users/${id}/reset-password`, {
    token: t.adminToken,
    body: { mode },
    locale,
  });

const tokenOf = (text: string) => /reset-password\?token=([\w-]+)/.exec(text)?.[1];

describe('reset to a one-time default password', () => {
  it('shows the generated password once, forces a change at the next sign-in, ends the old sessions', async () => {
    const user = await newStaff();
    const response = await reset(user.id, 'default');
    expect(response.statusCode).toBe(200);
    const { password, mode } = response.json().data;
    expect(mode).toBe('default');
    expect(password).toMatch(/^[\w-]{12,}$/);
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(401);
    expect(
      (
        await t.request('POST', '/api/v1/clients/web/login', {
          body: { email: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(401);
    const tokens = await t.login(user.email, password);
    const blocked = await t.request('GET', '/api/v1/profile', { token: tokens.access_token });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('password_change_required');
    const change = await t.request('PATCH', `/api/v1/users/${user.id}/password`, {
      token: tokens.access_token,
      body: { current_password: password, new_password: 'Brand-new-pass-1' },
    });
    expect(change.statusCode).toBe(204);
    expect(
      (await t.request('GET', '/api/v1/profile', { token: tokens.access_token })).statusCode,
    ).toBe(200);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'password')
      .where('entity_id', '=', String(user.id))
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(audit)).not.toContain(password);
  });

  it('refuses an unknown mode with its text', async () => {
    const user = await newStaff();
    const response = await reset(user.id, 'sms');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.mode).toEqual([
      'Choose how to reset the password: default or mail.',
    ]);
  });
});

describe('reset by a mail with a link', () => {
  it('mails a single-use link that sets a new password and ends the sessions', async () => {
    const user = await newStaff();
    const response = await reset(user.id, 'mail');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.mode).toBe('mail');
    expect(Date.parse(response.json().data.expires_at)).toBeGreaterThan(Date.now());
    expect(response.body).not.toMatch(/token/);

    const mail = smtp.mails.find((m) => m.to.includes(user.email));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('bo@example.com');
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.text).toContain('https://admin.example.com/reset-password?token=');
    const token = tokenOf(mail!.text)!;
    expect(token).toHaveLength(43);
    // Only the token's hash is stored.
    const stored = await t.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);

    // Nothing changes until the link is used.
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(200);
    const weak = await t.request('POST', '/api/v1/password/reset', {
      body: { token, new_password: 'abc' },
      locale: 'en',
    });
    expect(weak.json().errors.new_password).toEqual([
      'The password must be at least 8 characters long.',
    ]);

    const done = await t.request('POST', '/api/v1/password/reset', {
      body: { token, new_password: 'Linked-pass-77' },
    });
    expect(done.statusCode).toBe(204);
    expect((await t.request('GET', '/api/v1/profile', { token: user.token })).statusCode).toBe(401);
    const tokens = await t.login(user.email, 'Linked-pass-77');
    expect(
      (await t.request('GET', '/api/v1/profile', { token: tokens.access_token })).statusCode,
    ).toBe(200);

    const again = await t.request('POST', '/api/v1/password/reset', {
      body: { token, new_password: 'Another-pass-88' },
      locale: 'en',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.token).toEqual([
      'This reset link is not valid or has expired. Please ask for a new one.',
    ]);
  });

  it('writes the mail in the language of the request', async () => {
    const user = await newStaff();
    expect((await reset(user.id, 'mail', 'vi')).statusCode).toBe(200);
    const mail = smtp.mails.findLast((m) => m.to.includes(user.email))!;
    expect(mail.subject).toBe('Đặt lại mật khẩu của bạn');
    expect(mail.text).toContain('Xin chào');
  });

  it('refuses an expired link, and an earlier link once a new one is sent', async () => {
    const user = await newStaff();
    await reset(user.id, 'mail');
    const first = tokenOf(smtp.mails.findLast((m) => m.to.includes(user.email))!.text)!;
    await reset(user.id, 'mail');
    const second = tokenOf(smtp.mails.findLast((m) => m.to.includes(user.email))!.text)!;
    expect(second).not.toBe(first);
    expect(
      (
        await t.request('POST', '/api/v1/password/reset', {
          body: { token: first, new_password: 'Linked-pass-77' },
        })
      ).statusCode,
    ).toBe(422);

    await t.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    expect(
      (
        await t.request('POST', '/api/v1/password/reset', {
          body: { token: second, new_password: 'Linked-pass-77' },
        })
      ).statusCode,
    ).toBe(422);
    await t.login(user.email, user.password);
  });
});

describe('when the mail server is down or refuses the mail', () => {
  it('answers 503 with Retry-After, keeps no link, and works again by itself once the server is back', async () => {
    const server = await startSmtpServer();
    const { port } = server;
    const app = await createTestApp({
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(port),
      PUBLIC_URL: 'https://admin.example.com',
    });
    let restarted: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
    try {
      const user = await app.createUser([]);
      const send = () =>
        app.request('POST', `/api/v1/users/${user.id}/reset-password`, {
          token: app.adminToken,
          body: { mode: 'mail' },
          locale: 'en',
        });
      const written = async () => ({
        links: (
          await app.db
            .selectFrom('password_resets')
            .select('user_id')
            .where('user_id', '=', user.id)
            .execute()
        ).length,
        audit: (
          await app.db
            .selectFrom('audit_logs')
            .select('id')
            .where('action', '=', 'password')
            .where('entity_id', '=', String(user.id))
            .execute()
        ).length,
      });
      const expectUnavailable = async (response: Awaited<ReturnType<typeof send>>) => {
        expect(response.statusCode).toBe(503);
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.json()).toEqual({
          message: 'Sending mail is not possible right now. Please try again later.',
          code: 'unavailable',
        });
        expect(response.body).not.toMatch(/ECONNREFUSED|token=|550/);
        expect(await written()).toEqual({ links: 0, audit: 0 });
      };

      await server.close();
      await expectUnavailable(await send());

      restarted = await startSmtpServer(port);
      restarted.refuse(true);
      await expectUnavailable(await send());
      expect(restarted.mails).toHaveLength(0);

      restarted.refuse(false);
      const sent = await send();
      expect(sent.statusCode).toBe(200);
      expect(await written()).toEqual({ links: 1, audit: 1 });
      const token = tokenOf(restarted.mails.find((m) => m.to.includes(user.email))!.text)!;
      const done = await app.request('POST', '/api/v1/password/reset', {
        body: { token, new_password: 'Back-again-pass-1' },
      });
      expect(done.statusCode).toBe(204);
    } finally {
      await app.close();
      await restarted?.close();
    }
  });
});

describe('without SMTP', () => {
  it('keeps mails in the outbox, which administrators read', async () => {
    const local = await createTestApp();
    try {
      const user = await local.createUser([], { email: uniqueEmail('member') });
      const sent = await local.request('POST', `/api/v1/users/${user.id}/reset-password`, {
        token: local.adminToken,
        body: { mode: 'mail' },
        locale: 'en',
      });
      expect(sent.statusCode).toBe(200);
      const outbox = await local.request(
        'GET',
        `/api/v1/mail/outbox?search=${encodeURIComponent(`to:${user.email}`)}`,
        { token: local.adminToken },
      );
      expect(outbox.statusCode).toBe(200);
      const [mail] = outbox.json().data;
      expect(mail).toMatchObject({ to: user.email, subject: 'Reset your password' });
      const token = tokenOf(mail.text)!;
      expect(
        (
          await local.request('POST', '/api/v1/password/reset', {
            body: { token, new_password: 'Outbox-pass-55' },
          })
        ).statusCode,
      ).toBe(204);
      await local.login(user.email, 'Outbox-pass-55');
      const lister = await local.createUser(['users.list', 'users.update']);
      expect(
        (await local.request('GET', '/api/v1/mail/outbox', { token: lister.token })).statusCode,
      ).toBe(403);
    } finally {
      await local.close();
    }
  });
});
