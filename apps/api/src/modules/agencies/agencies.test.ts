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

  it("pages an agency's users, so its 101st user is on the last page", async () => {
    const agency = (await create({ name: 'Đại lý đông người' })).json().data;
    const stamp = new Date().toISOString();
    // Names sort in the list's order (by name): "Thành viên 101" is the last of them.
    const ids: number[] = [];
    for (let n = 1; n <= 101; n += 1) {
      const name = `Thành viên ${String(n).padStart(3, '0')}`;
      const user = await t.db
        .insertInto('users')
        .values({
          name,
          email: `agency-member-${n}@example.com`,
          password_hash: 'never-signs-in',
          status: 'enable',
          must_change_password: false,
          password_changed_at: stamp,
          search_text: name.toLowerCase(),
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(user.id);
    }
    expect(
      (
        await t.request('POST', '/api/v1/agencies/attach', {
          token: t.adminToken,
          body: { agency_id: agency.id, user_ids: ids },
        })
      ).statusCode,
    ).toBe(204);
    const page = async (query: string) =>
      (
        await t.request('GET', `/api/v1/agencies/${agency.id}/users?${query}`, {
          token: t.adminToken,
        })
      ).json();
    const first = await page('limit=100');
    expect(first.data).toHaveLength(100);
    expect(first.meta.pagination).toMatchObject({ total: 101, total_pages: 2 });
    expect(first.data.map((u: { name: string }) => u.name)).not.toContain('Thành viên 101');
    const last = await page('limit=100&page=2');
    expect(last.data.map((u: { name: string }) => u.name)).toEqual(['Thành viên 101']);
    // A page of the drawer's size reaches it too, and nothing else is taken.
    expect((await page('limit=20&page=6')).data.map((u: { name: string }) => u.name)).toEqual([
      'Thành viên 101',
    ]);
    const unknown = await t.request('GET', `/api/v1/agencies/${agency.id}/users?paging=off`, {
      token: t.adminToken,
    });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['paging']);
  });
});
