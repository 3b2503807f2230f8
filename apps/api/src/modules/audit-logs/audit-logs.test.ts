import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { removeOldAuditEntries } from '../../core/audit-retention';
import { toJson } from '../../db/types';
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let reader: { id: number; token: string; name: string };
beforeAll(async () => {
  t = await createTestApp();
  reader = await t.createUser(['audit.list'], { name: 'Người Kiểm Tra' });
});
afterAll(() => t.close());

const list = (query: string, token = reader.token) =>
  t.request('GET', `/api/v1/audit-logs?${query}`, { token, locale: 'en' });

/** An entry written at a given time, as the pipeline writes them. */
const entryAt = async (createdAt: string, entity = 'timed') =>
  (
    await t.db
      .insertInto('audit_logs')
      .values({
        user_id: null,
        action: 'update',
        entity,
        entity_id: '1',
        changes: toJson({ title: ['a', 'b'] }),
        details: null,
        ip: null,
        created_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

describe('the audit log', () => {
  it("answers each change's before and after side by side, with who made it", async () => {
    const created = await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      body: { source: '/cu', destination: '/moi' },
    });
    const id = created.json().data.id;
    await t.request('PATCH', `/api/v1/redirects/${id}`, {
      token: t.adminToken,
      body: { destination: '/moi-hon', code: 302 },
    });
    const page = await list(`resource=redirect&entity_id=${id}`);
    expect(page.statusCode).toBe(200);
    const [update, create] = page.json().data;
    expect(update).toMatchObject({
      action: 'update',
      entity: 'redirect',
      user: { id: 1, email: 'admin@example.com' },
      before: { destination: '/moi', code: 301 },
      after: { destination: '/moi-hon', code: 302 },
      details: null,
    });
    // A create has nothing before it; every field it set is after.
    expect(create).toMatchObject({ action: 'create', before: null });
    expect(create.after).toMatchObject({ source: '/cu', destination: '/moi' });
  });

  it('filters by who, which action and which resource', async () => {
    await t.login(ADMIN_EMAIL, ADMIN_PASSWORD);
    const logins = await list(`user_id=1&action=login`);
    expect(logins.json().data.length).toBeGreaterThan(0);
    for (const entry of logins.json().data)
      expect(entry).toMatchObject({ user_id: 1, action: 'login', before: null, after: null });
    expect((await list(`user_id=${reader.id}&action=create`)).json().data).toEqual([]);
  });

  it('keeps facts of an action that changes no field apart from changes', async () => {
    const agency = (
      await t.request('POST', '/api/v1/agencies', { token: t.adminToken, body: { name: 'Đại lý' } })
    ).json().data;
    const member = await t.createUser([]);
    await t.request('POST', '/api/v1/agencies/attach', {
      token: t.adminToken,
      body: { agency_id: agency.id, user_ids: [member.id, reader.id] },
    });
    const [attach] = (await list(`resource=agency&entity_id=${agency.id}&limit=1`)).json().data;
    // two users attached are two facts, never a before and an after
    expect(attach.before).toBeNull();
    expect(attach.after).toBeNull();
    expect(JSON.stringify(attach.details)).toContain(String(member.id));
  });

  it("filters by days of the shop's calendar (Vietnam, UTC+7)", async () => {
    const lateFirst = await entryAt('2026-03-01T16:59:59.000Z'); // 23:59:59 on 1 March there
    const earlySecond = await entryAt('2026-03-01T17:00:00.000Z'); // 00:00 on 2 March there
    const ids = async (query: string) =>
      (await list(`resource=timed&${query}`)).json().data.map((e: { id: number }) => e.id);
    expect(await ids('from=2026-03-02&to=2026-03-02')).toEqual([earlySecond]);
    expect(await ids('from=2026-03-01&to=2026-03-01')).toEqual([lateFirst]);
    expect(await ids('to=2026-03-01')).toEqual([lateFirst]);
  });

  it('refuses a reader without audit.list, an unknown filter and a date that is not one', async () => {
    const editor = await t.createUser(['manage-redirects']);
    expect((await list('', editor.token)).statusCode).toBe(403);
    const unknown = await list('who=me');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('who');
    const date = await list('from=2026-02-30');
    expect(date.statusCode).toBe(422);
    expect(date.json().errors).toHaveProperty('from');
  });
});

describe('audit retention', () => {
  it('removes entries older than the retention days and keeps the rest', async () => {
    const old = await entryAt('2025-01-01T00:00:00.000Z', 'retained');
    const recent = await entryAt('2025-12-31T00:00:00.000Z', 'retained');
    const removed = await removeOldAuditEntries(t.db, 365, new Date('2026-06-01T00:00:00Z'));
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = (await list('resource=retained')).json().data.map((e: { id: number }) => e.id);
    expect(left).toEqual([recent]);
    expect(left).not.toContain(old);
    // the list's total follows (a maintained count)
    expect((await list('resource=retained')).json().meta.pagination.total).toBe(1);
  });

  it('reads AUDIT_RETENTION_DAYS, 365 by default, and names it when wrong', () => {
    const base = { DATA_DIR: t.dataDir, APP_SECRET: t.config.appSecret };
    expect(loadConfig(base).auditRetentionDays).toBe(365);
    expect(loadConfig({ ...base, AUDIT_RETENTION_DAYS: '30' }).auditRetentionDays).toBe(30);
    expect(() => loadConfig({ ...base, AUDIT_RETENTION_DAYS: 'year' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, AUDIT_RETENTION_DAYS: '0' })).toThrow(
      /AUDIT_RETENTION_DAYS/,
    );
  });
});
