import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connection';
import { createTestApp, type TestApp } from '../test/test-app';
import { mailLinkBase } from './link-base';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TOKEN = /reset-password\?token=([\w-]+)/;

const mailReset = (id: number) =>
  t.request('POST', `/api/v1/users/${id}/reset-password`, {
    token: t.adminToken,
    body: { mode: 'mail' },
  });

const outboxFor = async (token: string, email: string, locale = 'en') => {
  const response = await t.request(
    'GET',
    `/api/v1/mail/outbox?search=${encodeURIComponent(`to:${email}`)}`,
    { token, locale },
  );
  expect(response.statusCode).toBe(200);
  return response.json().data[0] as { to: string; text: string; redacted: boolean };
};

describe('the outbox', () => {
  it('shows a reset link only in mails to accounts the reader may manage; elsewhere it is hidden', async () => {
    // Holds the outbox permission, but less than the stronger account and the administrator.
    const reader = await t.createUser(['manage-admins-access', 'users.list']);
    const stronger = await t.createUser(['users.list', 'users.delete']);
    const weaker = await t.createUser(['users.list']);
    for (const user of [stronger, weaker]) expect((await mailReset(user.id)).statusCode).toBe(200);
    const admin = (await t.request('GET', '/api/v1/profile', { token: t.adminToken })).json().data;
    expect((await mailReset(admin.id)).statusCode).toBe(200);

    for (const email of [stronger.email, admin.email]) {
      const link = TOKEN.exec((await outboxFor(t.adminToken, email)).text)![1]!;
      const seen = await outboxFor(reader.token, email);
      expect(seen.redacted).toBe(true);
      expect(seen.text).not.toMatch(/token=/);
      expect(seen.text).not.toContain(link);
      expect(seen.text).toContain('[hidden: this mail belongs to an account you may not manage]');
      // The rest of the mail stays readable.
      expect(seen.text).toContain(email);
      const whole = await t.request('GET', '/api/v1/mail/outbox?limit=100', {
        token: reader.token,
      });
      expect(whole.body).not.toContain(link);
    }
    const vi = await outboxFor(reader.token, stronger.email, 'vi');
    expect(vi.text).toContain('[đã ẩn: email này thuộc về một tài khoản bạn không được quản lý]');

    // A mail to an account the reader may manage keeps its working link.
    const manageable = await outboxFor(reader.token, weaker.email);
    expect(manageable.redacted).toBe(false);
    const token = TOKEN.exec(manageable.text)![1]!;
    const done = await t.request('POST', '/api/v1/password/reset', {
      body: { token, new_password: 'Outbox-pass-55' },
    });
    expect(done.statusCode).toBe(204);

    // The administrator may manage everyone and sees every link.
    expect((await outboxFor(t.adminToken, stronger.email)).redacted).toBe(false);
  });
});

describe('links in mails', () => {
  it('come from the configured HOST and PORT, never from Host or X-Forwarded-Host', async () => {
    // Behind a trusted proxy, where X-Forwarded-Host would be believed if anything read it.
    vi.stubEnv('TRUST_PROXY', 'true');
    const local = await createTestApp({ HOST: '127.0.0.1', PORT: '4321' });
    vi.unstubAllEnvs();
    try {
      const user = await local.createUser([]);
      const sent = await local.request('POST', `/api/v1/users/${user.id}/reset-password`, {
        token: local.adminToken,
        body: { mode: 'mail' },
        headers: {
          host: 'evil.example',
          'x-forwarded-host': 'evil2.example',
          'x-forwarded-proto': 'https',
        },
      });
      expect(sent.statusCode).toBe(200);
      const outbox = await local.request(
        'GET',
        `/api/v1/mail/outbox?search=${encodeURIComponent(`to:${user.email}`)}`,
        { token: local.adminToken },
      );
      const text = outbox.json().data[0].text as string;
      expect(text).not.toContain('evil');
      expect(text).toMatch(/http:\/\/127\.0\.0\.1:4321\/reset-password\?token=[\w-]{43}/);
    } finally {
      await local.close();
    }
  });
});

describe('the base of links in mails', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ DATA_DIR: t.dataDir, APP_SECRET: t.config.appSecret, ...env });

  it("is PUBLIC_URL when set, else HOST and PORT; a wildcard bind gives the machine's network address", () => {
    expect(mailLinkBase(config({ PUBLIC_URL: 'https://admin.example.com/' }))).toEqual({
      url: 'https://admin.example.com',
    });
    expect(mailLinkBase(config({ HOST: 'office-pc.local', PORT: '8080' })).url).toBe(
      'http://office-pc.local:8080',
    );
    expect(mailLinkBase(config({ HOST: '::1', PORT: '8080' })).url).toBe('http://[::1]:8080');
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((entry) => entry && !entry.internal)
      .map((entry) => entry!.address);
    for (const host of ['0.0.0.0', '::']) {
      const { hostname, port } = new URL(mailLinkBase(config({ HOST: host, PORT: '3000' })).url);
      expect(port).toBe('3000');
      expect(external.length > 0 ? external : ['127.0.0.1']).toContain(
        hostname.replace(/^\[|\]$/g, ''),
      );
    }
  });

  it('is announced by one warning line at start-up when PUBLIC_URL is not set', async () => {
    const started = async (env: Record<string, string>) => {
      const lines: string[] = [];
      const database = openDatabase(t.config.databaseUrl);
      const app = await buildApp({
        config: { ...t.config, ...config(env), databaseUrl: t.config.databaseUrl },
        database,
        adminDist: '/nonexistent',
        logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
      });
      await app.ready();
      await app.close();
      await database.close();
      return lines.map((line) => JSON.parse(line) as { level: number; msg: string });
    };
    const warnings = (await started({ HOST: '127.0.0.1', PORT: '3999' })).filter((line) =>
      line.msg.includes('PUBLIC_URL'),
    );
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.msg).toContain('http://127.0.0.1:3999');
    expect(
      (await started({ PUBLIC_URL: 'https://admin.example.com' })).filter((line) =>
        line.msg.includes('PUBLIC_URL'),
      ),
    ).toEqual([]);
  });
});
