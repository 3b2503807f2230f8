import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const create = (body: unknown, token = t.adminToken) =>
  t.request('POST', '/api/v1/agencies', { token, body, locale: 'en' });

describe('agencies', () => {
  it('needs a name, with the spec text', async () => {
    for (const body of [{}, { name: '' }, { name: '   ' }]) {
      const response = await create(body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.name).toEqual(['Please enter the agency name!']);
    }
    const vi = await t.request('POST', '/api/v1/agencies', {
      token: t.adminToken,
      body: {},
      locale: 'vi',
    });
    expect(vi.json().errors.name).toEqual(['Vui lòng nhập tên đại lý!']);
    expect((await create({ name: 'Bad sort', sort: '2' })).statusCode).toBe(422);
  });

  it('creates, updates, lists by sort, deletes, and audits each write', async () => {
    const b = (await create({ name: 'Đại lý B', description: 'Miền Nam', sort: 2 })).json().data;
    const a = (await create({ name: 'Đại lý A', sort: 1 })).json().data;
    const c = (await create({ name: 'Đại lý C' })).json().data;
    expect(c.sort).toBe(0);
    expect(b).toMatchObject({ name: 'Đại lý B', description: 'Miền Nam', sort: 2 });

    const list = (await t.request('GET', '/api/v1/agencies', { token: t.adminToken })).json();
    expect(list.data.map((x: { id: number }) => x.id)).toEqual([c.id, a.id, b.id]);
    expect(list.meta.pagination.total).toBe(3);

    const updated = await t.request('PATCH', `/api/v1/agencies/${c.id}`, {
      token: t.adminToken,
      body: { sort: 9, description: '' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({ name: 'Đại lý C', sort: 9, description: null });
    expect(
      (await t.request('GET', `/api/v1/agencies/${c.id}`, { token: t.adminToken })).json().data
        .sort,
    ).toBe(9);

    expect(
      (await t.request('DELETE', `/api/v1/agencies/${c.id}`, { token: t.adminToken })).statusCode,
    ).toBe(204);
    expect(
      (await t.request('GET', `/api/v1/agencies/${c.id}`, { token: t.adminToken })).statusCode,
    ).toBe(404);
    const audit = await t.db
      .selectFrom('audit_logs')
      .select('action')
      .where('entity', '=', 'agency')
      .where('entity_id', '=', String(c.id))
      .execute();
    expect(audit.map((x) => x.action).sort()).toEqual(['create', 'delete', 'update']);
  });

  it('attaches and detaches users, and lists them', async () => {
    const agency = (await create({ name: 'Đại lý Hà Nội' })).json().data;
    const u1 = await t.createUser([], { name: 'Alpha' });
    const u2 = await t.createUser([], { name: 'Beta' });
    const attach = (body: unknown, path = 'attach') =>
      t.request('POST', `/api/v1/agencies/${path}`, { token: t.adminToken, body, locale: 'en' });

    expect((await attach({ agency_id: agency.id, user_ids: [u1.id, u2.id] })).statusCode).toBe(204);
    // Attaching again changes nothing.
    expect((await attach({ agency_id: agency.id, user_ids: [u1.id] })).statusCode).toBe(204);
    const users = (
      await t.request('GET', `/api/v1/agencies/${agency.id}/users`, { token: t.adminToken })
    ).json();
    expect(users.data.map((u: { name: string }) => u.name)).toEqual(['Alpha', 'Beta']);
    expect(users.meta.pagination.total).toBe(2);
    expect(Object.keys(users.data[0]).sort()).toEqual(['email', 'id', 'name', 'status']);
    const counted = (
      await t.request('GET', '/api/v1/agencies?include=users_count', { token: t.adminToken })
    ).json().data;
    expect(counted.find((x: { id: number }) => x.id === agency.id).users_count).toBe(2);

    expect((await attach({ agency_id: agency.id, user_ids: [u1.id] }, 'detach')).statusCode).toBe(
      204,
    );
    const after = (
      await t.request('GET', `/api/v1/agencies/${agency.id}/users`, { token: t.adminToken })
    ).json();
    expect(after.data.map((u: { id: number }) => u.id)).toEqual([u2.id]);

    const noUsers = await attach({ agency_id: agency.id, user_ids: [] });
    expect(noUsers.json().errors.user_ids).toEqual(['Please choose the users!']);
    expect((await attach({ agency_id: 99999, user_ids: [u1.id] })).statusCode).toBe(422);
    expect((await attach({ agency_id: agency.id, user_ids: [99999] })).statusCode).toBe(422);
    expect(
      (await t.request('GET', '/api/v1/agencies/99999/users', { token: t.adminToken })).statusCode,
    ).toBe(404);

    // Deleting the agency (or the user) removes the attachments.
    expect(
      (await t.request('DELETE', `/api/v1/agencies/${agency.id}`, { token: t.adminToken }))
        .statusCode,
    ).toBe(204);
    expect(
      await t.db
        .selectFrom('agency_users')
        .selectAll()
        .where('agency_id', '=', agency.id)
        .execute(),
    ).toEqual([]);
  });
});
