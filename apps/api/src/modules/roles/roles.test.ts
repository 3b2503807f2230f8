import { PERMISSIONS } from '@backoffice/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusals } from '../../test/refusals';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, token: string, body: unknown) =>
  t.request('POST', `/api/v1${url}`, { token, body, locale: 'en' });

describe('permissions and roles', () => {
  it('lists every permission key of the contract', async () => {
    const response = await t.request('GET', '/api/v1/permissions', { token: t.adminToken });
    expect(
      response
        .json()
        .data.map((p: { key: string }) => p.key)
        .sort(),
    ).toEqual([...PERMISSIONS].sort());
  });

  it('validates a new role with the spec rules', async () => {
    const before = await countRows(t, 'roles');
    const empty = await post('/roles', t.adminToken, {});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['Please enter the role name!'],
      description: ['Please enter the description!'],
      permissions: ['Please choose at least one permission!'],
    });
    const long = await post('/roles', t.adminToken, {
      name: 'x'.repeat(21),
      description: 'd'.repeat(256),
      permissions: [],
    });
    expect(long.json().errors).toEqual({
      name: ['The role name must be between 2 and 20 characters.'],
      description: ['The description must be at most 255 characters.'],
      permissions: ['Please choose at least one permission!'],
    });
    const unknown = await post('/roles', t.adminToken, {
      name: 'Editors',
      description: 'd',
      permissions: ['posts.fly'],
    });
    expect(unknown.json().errors.permissions).toEqual(['Unknown permission: posts.fly.']);
    expect(await countRows(t, 'roles')).toBe(before);
  });

  it('lists the newest role first, so a new one shows on page 1', async () => {
    const names = ['Biên tập', 'Kho', 'Bán hàng'];
    for (const name of names)
      expect(
        (
          await post('/roles', t.adminToken, {
            name,
            description: `Vai trò ${name}`,
            permissions: ['posts.list'],
          })
        ).statusCode,
      ).toBe(201);
    const page = await t.request('GET', '/api/v1/roles?limit=2', { token: t.adminToken });
    expect(page.json().data.map((role: { name: string }) => role.name)).toEqual([
      'Bán hàng',
      'Kho',
    ]);
    const all = (await t.request('GET', '/api/v1/roles?limit=0', { token: t.adminToken })).json()
      .data as Array<{ name: string }>;
    expect(all.at(-1)!.name).toBe('super-admin');
    for (const name of names)
      await t.request(
        'DELETE',
        `/api/v1/roles/${(await t.request('GET', `/api/v1/roles?search=${encodeURIComponent(name)}`, { token: t.adminToken })).json().data[0].id}`,
        { token: t.adminToken },
      );
  });

  it('creates, syncs and deletes roles; the super-admin role is locked', async () => {
    const created = await post('/roles', t.adminToken, {
      name: 'Editors',
      description: 'Write posts',
      permissions: ['posts.list', 'posts.create'],
    });
    expect(created.statusCode).toBe(201);
    const role = created.json().data;
    expect(role).toMatchObject({
      name: 'Editors',
      permissions: ['posts.create', 'posts.list'],
      users_count: 0,
    });
    expect(
      (
        await post('/roles', t.adminToken, {
          name: 'Editors',
          description: 'x',
          permissions: ['posts.list'],
        })
      ).json().errors.name,
    ).toEqual(['This role name already exists.']);
    const synced = await post('/permissions/sync', t.adminToken, {
      role_id: role.id,
      permissions: ['posts.list'],
    });
    expect(synced.json().data.permissions).toEqual(['posts.list']);
    // The list carries each role's permissions and holders, as the roles screen shows them.
    const listed = (await t.request('GET', '/api/v1/roles?limit=0', { token: t.adminToken }))
      .json()
      .data.find((r: { id: number }) => r.id === role.id);
    expect(listed).toMatchObject({ permissions: ['posts.list'], users_count: 0 });
    const superAdmin = (await t.request('GET', '/api/v1/roles?limit=0', { token: t.adminToken }))
      .json()
      .data.find((r: { name: string }) => r.name === 'super-admin');
    expect(superAdmin.permissions).toHaveLength(PERMISSIONS.length);
    expect(
      (await t.request('DELETE', `/api/v1/roles/${superAdmin.id}`, { token: t.adminToken }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await post('/permissions/sync', t.adminToken, {
          role_id: superAdmin.id,
          permissions: ['posts.list'],
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (await t.request('DELETE', `/api/v1/roles/${role.id}`, { token: t.adminToken })).statusCode,
    ).toBe(204);
    expect(
      (await t.request('GET', `/api/v1/roles/${role.id}`, { token: t.adminToken })).statusCode,
    ).toBe(404);
  });

  it('attaches and revokes roles; a change counts from the next request', async () => {
    const member = await t.createUser([]);
    expect((await t.request('GET', '/api/v1/redirects', { token: member.token })).statusCode).toBe(
      403,
    );
    const role = (
      await post('/roles', t.adminToken, {
        name: 'Redirectors',
        description: 'x',
        permissions: ['manage-redirects'],
      })
    ).json().data;

    const missing = await post('/roles/sync', t.adminToken, {});
    expect(missing.json().errors).toEqual({
      user_ids: ['Please choose the users!'],
      role_ids: ['Please choose at least one role!'],
    });
    expect(
      (await post('/roles/sync', t.adminToken, { user_ids: [member.id], role_ids: [] })).json()
        .errors.role_ids,
    ).toEqual(['Please choose at least one role!']);

    expect(
      (await post('/roles/sync', t.adminToken, { user_ids: [member.id], role_ids: [role.id] }))
        .statusCode,
    ).toBe(204);
    expect((await t.request('GET', '/api/v1/redirects', { token: member.token })).statusCode).toBe(
      200,
    );
    const profile = (await t.request('GET', '/api/v1/profile', { token: member.token })).json()
      .data;
    expect(profile.roles.map((r: { name: string }) => r.name)).toEqual(['Redirectors']);
    expect(profile.permissions).toEqual(['manage-redirects']);

    expect(
      (await post('/roles/revoke', t.adminToken, { user_ids: [member.id], role_ids: [role.id] }))
        .statusCode,
    ).toBe(204);
    expect((await t.request('GET', '/api/v1/redirects', { token: member.token })).statusCode).toBe(
      403,
    );
  });

  it('never removes the last super-admin', async () => {
    const superAdminId = (
      await t.request('GET', '/api/v1/roles?search=name:super', { token: t.adminToken })
    ).json().data[0].id;
    const response = await post('/roles/revoke', t.adminToken, {
      user_ids: [1],
      role_ids: [superAdminId],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.user_ids).toEqual([
      'The last super-admin cannot lose that role.',
    ]);
    expect(
      (await t.request('GET', '/api/v1/profile', { token: t.adminToken })).json().data.roles[0]
        .name,
    ).toBe('super-admin');
  });

  it('records permission changes in the audit log, readable with audit.list only', async () => {
    const logs = await t.request('GET', '/api/v1/audit-logs?action=permission', {
      token: t.adminToken,
    });
    expect(logs.statusCode).toBe(200);
    const entry = logs.json().data.find((e: { entity: string }) => e.entity === 'role');
    expect(entry).toMatchObject({ user_id: 1, action: 'permission' });
    expect(entry.changes.permissions).toBeDefined();
    const reader = await t.createUser(['manage-roles']);
    expect((await t.request('GET', '/api/v1/audit-logs', { token: reader.token })).statusCode).toBe(
      403,
    );
  });
});

/** A role's keys and the users holding it (what a refused grant must leave as it was). */
const grants = async () => ({
  roles: await countRows(t, 'roles'),
  permissions: await t.db
    .selectFrom('role_permissions')
    .selectAll()
    .orderBy('role_id')
    .orderBy('permission_key')
    .execute(),
  holders: await t.db
    .selectFrom('user_roles')
    .selectAll()
    .orderBy('user_id')
    .orderBy('role_id')
    .execute(),
});

describe('nobody grants what they do not hold', () => {
  let manager: Awaited<ReturnType<TestApp['createUser']>>;
  let assigner: Awaited<ReturnType<TestApp['createUser']>>;
  let readersRole = 0;
  let superAdminRole = 0;
  beforeAll(async () => {
    manager = await t.createUser(['manage-roles', 'posts.list']);
    assigner = await t.createUser(['manage-admins-access']);
    const fine = await post('/roles', manager.token, {
      name: 'Readers',
      description: 'x',
      permissions: ['posts.list'],
    });
    expect(fine.statusCode).toBe(201);
    readersRole = fine.json().data.id;
    superAdminRole = (
      await t.request('GET', '/api/v1/roles?search=name:super', { token: t.adminToken })
    ).json().data[0].id;
  });

  refusals('a role manager or a role assigner', () => t, [
    {
      name: 'a role manager cannot make a role with a key they lack, and is told which',
      as: () => manager.token,
      method: 'POST',
      url: '/api/v1/roles',
      body: { name: 'Sneaky', description: 'x', permissions: ['posts.list', 'users.delete'] },
      message: 'You cannot grant what you do not hold yourself: users.delete.',
      unchanged: grants,
    },
    {
      name: 'a role manager cannot add keys they lack to their own role',
      as: () => manager.token,
      method: 'POST',
      url: '/api/v1/permissions/sync',
      body: () => ({
        role_id: readersRole,
        permissions: ['posts.list', 'manage-roles', 'audit.list'],
      }),
      unchanged: grants,
    },
    {
      name: 'a role assigner cannot make themself a super-admin',
      as: () => assigner.token,
      method: 'POST',
      url: '/api/v1/roles/sync',
      body: () => ({ user_ids: [assigner.id], role_ids: [superAdminRole] }),
      unchanged: grants,
    },
    {
      name: 'a role assigner cannot take a role holding keys they lack',
      as: () => assigner.token,
      method: 'POST',
      url: '/api/v1/roles/sync',
      body: () => ({ user_ids: [assigner.id], role_ids: [readersRole] }),
      unchanged: grants,
    },
  ]);
});
