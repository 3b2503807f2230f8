import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { makePdf } from '../media/test-fixtures';
import { refusals } from '../../test/refusals';
import { multipart, uniqueEmail } from '../../test/test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const valid = () => ({ name: 'Nguyễn Văn A', email: uniqueEmail(), password: 'Strong-pass-42' });

const register = (body: unknown, token = t.adminToken, locale = 'en') =>
  t.request('POST', '/api/v1/register', { token, body, locale });

const errorsOf = (response: { json: () => unknown }) =>
  (response.json() as { errors: Record<string, string[]> }).errors;

describe('POST /register', () => {
  it('creates a user, disabled by default, with no password in the answer', async () => {
    const body = valid();
    const response = await register({
      ...body,
      phone: '0912345678',
      gender: 'female',
      birthday: '1990-02-03',
    });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({
      name: body.name,
      email: body.email,
      status: 'disable',
      phone: '0912345678',
      gender: 'female',
      birthday: '1990-02-03',
    });
    expect(response.body).not.toMatch(/password_hash|Strong-pass-42|argon/);
    const audit = await t.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('entity', '=', 'user')
      .where('entity_id', '=', String(data.id))
      .execute();
    expect(audit.map((a) => a.action)).toContain('create');
  });

  it.each([
    [{ email: undefined }, 'email', 'Please enter the email address!'],
    [{ email: '' }, 'email', 'Please enter the email address!'],
    [{ email: 'not-an-email' }, 'email', 'Your email address is not valid!'],
    [
      { email: 'ADMIN@example.com' },
      'email',
      'Your email address has existed! Please enter another email address.',
    ],
    [{ name: undefined }, 'name', 'Please enter the name!'],
    [{ name: 'A' }, 'name', 'The name must be between 2 and 200 characters.'],
    [{ name: 'x'.repeat(201) }, 'name', 'The name must be between 2 and 200 characters.'],
    [{ password: undefined }, 'password', 'Please enter the password!'],
    [{ password: 'abc' }, 'password', 'The password must be at least 8 characters long.'],
    [{ phone: '12345' }, 'phone', 'Invalid phone number!'],
    [{ status: 'on' }, 'status', 'The status must be enable or disable.'],
  ])('refuses %o with the spec text', async (change, field, text) => {
    const before = await countRows(t, 'users');
    const response = await register({ ...valid(), ...change });
    expect(response.statusCode).toBe(422);
    expect(errorsOf(response)[field]).toEqual([text]);
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('answers in Vietnamese and Japanese', async () => {
    expect(errorsOf(await register({ ...valid(), email: 'x' }, t.adminToken, 'vi')).email).toEqual([
      'Địa chỉ email của bạn không hợp lệ!',
    ]);
    expect(errorsOf(await register({ ...valid(), email: '' }, t.adminToken, 'ja')).email).toEqual([
      'メールアドレスを入力してください！',
    ]);
  });

  it('refuses roles, permissions and server fields sent with the user by name (mass assignment)', async () => {
    const superAdmin = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'super-admin')
      .executeTakeFirstOrThrow();
    const before = await countRows(t, 'users');
    const sent = {
      roles: [superAdmin.id],
      role_ids: [superAdmin.id],
      permissions: ['users.delete'],
      must_change_password: true,
      password_hash: 'x',
      id: 999,
    };
    const response = await register({ ...valid(), ...sent });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    for (const field of Object.keys(sent))
      expect(errors[field]).toEqual(['This field is not accepted.']);
    expect(await countRows(t, 'users')).toBe(before);
  });

  it('makes the new user change the password the administrator typed before anything else', async () => {
    const body = valid();
    const created = (await register({ ...body, status: 'enable' })).json().data;
    expect(created.must_change_password).toBe(true);
    const tokens = await t.login(body.email, body.password);
    const blocked = await t.request('GET', '/api/v1/profile', {
      token: tokens.access_token,
      locale: 'en',
    });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().code).toBe('password_change_required');
    const changed = await t.request('PATCH', `/api/v1/users/${created.id}/password`, {
      token: tokens.access_token,
      body: { current_password: body.password, new_password: 'Own-chosen-pass-7' },
    });
    expect(changed.statusCode).toBe(204);
    const profile = await t.request('GET', '/api/v1/profile', { token: tokens.access_token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json().data.must_change_password).toBe(false);
  });

  it('a users.create holder makes a disabled user (setting the status needs users.update)', async () => {
    const creator = await t.createUser(['users.create']);
    const plain = await register(valid(), creator.token);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.status).toBe('disable');
  });
});

describe('GET /users', () => {
  it('splits staff (with a role) and members (without), includes roles, searches and sorts', async () => {
    const member = (await register({ ...valid(), name: 'Trần Thị Bích' })).json().data;
    const staff = await t.createUser(['posts.list'], { name: 'Staff Person' });

    const has = (
      await t.request('GET', '/api/v1/users?searchRole=has&include=roles&limit=100', {
        token: t.adminToken,
      })
    ).json();
    expect(has.data.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([staff.id]));
    expect(has.data.map((u: { id: number }) => u.id)).not.toContain(member.id);
    const admin = has.data.find((u: { email: string }) => u.email === 'admin@example.com');
    expect(admin.roles.map((r: { name: string }) => r.name)).toEqual(['super-admin']);

    const no = (
      await t.request('GET', '/api/v1/users?searchRole=no&limit=100', { token: t.adminToken })
    ).json();
    expect(no.data.map((u: { id: number }) => u.id)).toContain(member.id);
    expect(no.data.map((u: { id: number }) => u.id)).not.toContain(staff.id);
    expect(no.data[0].roles).toBeUndefined();

    const found = (
      await t.request('GET', `/api/v1/users?search=${encodeURIComponent('tran thi')}`, {
        token: t.adminToken,
      })
    ).json();
    expect(found.data.map((u: { id: number }) => u.id)).toEqual([member.id]);

    const sorted = (
      await t.request('GET', '/api/v1/users?orderBy=name&sortedBy=asc&limit=100', {
        token: t.adminToken,
      })
    ).json();
    const names = sorted.data.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sorted.meta.pagination.total).toBe(await countRows(t, 'users'));

    expect(
      (await t.request('GET', '/api/v1/users?orderBy=password_hash', { token: t.adminToken }))
        .statusCode,
    ).toBe(422);
    expect(
      (await t.request('GET', '/api/v1/users?searchRole=maybe', { token: t.adminToken }))
        .statusCode,
    ).toBe(422);
  });

  it('filters by status, together with the role split and a search', async () => {
    const enabled = (
      await register({ ...valid(), name: 'Filter Enabled Person', status: 'enable' })
    ).json().data;
    const disabled = (await register({ ...valid(), name: 'Filter Disabled Person' })).json().data;
    const ids = async (query: string) =>
      (await t.request('GET', `/api/v1/users?${query}`, { token: t.adminToken }))
        .json()
        .data.map((u: { id: number }) => u.id);
    expect(await ids('searchRole=no&status=enable&search=filter%20person')).toEqual([enabled.id]);
    expect(await ids('searchRole=no&status=disable&search=filter%20person')).toEqual([disabled.id]);
    expect(await ids('searchRole=has&search=filter%20person')).toEqual([]);
    expect(
      (await t.request('GET', '/api/v1/users?status=on', { token: t.adminToken })).statusCode,
    ).toBe(422);
    expect(
      (await t.request('GET', '/api/v1/users?limit=0', { token: t.adminToken })).statusCode,
    ).toBe(422);
  });

  it('checks whether an email exists, exactly and whatever its case', async () => {
    const exists = (email: string) =>
      t
        .request('GET', `/api/v1/users?search=${encodeURIComponent(`email:${email}`)}`, {
          token: t.adminToken,
        })
        .then((r) => r.json().data.length);
    expect(await exists('ADMIN@example.com')).toBe(1);
    expect(await exists('admin@example')).toBe(0);
    expect(await exists('nobody@example.com')).toBe(0);
  });
});

describe('who may do what', () => {
  it('a users.list holder reads every account, a member only their own', async () => {
    const lister = await t.createUser(['users.list']);
    const member = await t.createUser([]);
    const target = (await register(valid())).json().data;
    expect((await t.request('GET', '/api/v1/users', { token: lister.token })).statusCode).toBe(200);
    expect(
      (await t.request('GET', `/api/v1/users/${target.id}`, { token: lister.token })).statusCode,
    ).toBe(200);
    const own = await t.request('GET', `/api/v1/users/${member.id}`, { token: member.token });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.email).toBe(member.email);
  });
  it('a member edits their own fields but never their status; roles and permissions are not fields', async () => {
    const member = await t.createUser([]);
    const sneaky = await t.request('PATCH', `/api/v1/users/${member.id}`, {
      token: member.token,
      locale: 'en',
      body: {
        name: 'New Name',
        roles: [1],
        role_ids: [1],
        permissions: ['users.delete'],
        password: 'Other-pass-99',
      },
    });
    expect(sneaky.statusCode).toBe(422);
    expect(Object.keys(sneaky.json().errors).sort()).toEqual([
      'password',
      'permissions',
      'role_ids',
      'roles',
    ]);
    const own = await t.request('PATCH', `/api/v1/users/${member.id}`, {
      token: member.token,
      body: { name: 'New Name' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.name).toBe('New Name');
    expect(
      await t.db.selectFrom('user_roles').selectAll().where('user_id', '=', member.id).execute(),
    ).toEqual([]);
    expect(
      await t.db
        .selectFrom('user_permissions')
        .selectAll()
        .where('user_id', '=', member.id)
        .execute(),
    ).toEqual([]);
  });
});

/** A user's record (what a refused request must leave as it was). */
const userRow = (id: number) =>
  t.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('refusals that depend on the account', () => {
  let target: { id: number; email: string };
  let member: Awaited<ReturnType<TestApp['createUser']>>;
  beforeAll(async () => {
    target = (await register(valid())).json().data;
    member = await t.createUser([]);
  });
  const manager = ['users.list', 'users.update', 'users.delete'];

  refusals("someone else's account", () => t, [
    {
      name: 'a users.list holder cannot edit it',
      as: ['users.list'],
      method: 'PATCH',
      url: () => `/api/v1/users/${target.id}`,
      body: { name: 'Changed' },
      unchanged: () => userRow(target.id),
    },
    {
      name: 'a users.list holder cannot edit it as a form either',
      as: ['users.list'],
      method: 'POST',
      url: () => `/api/v1/users/${target.id}?_method=PATCH`,
      form: () => multipart({ name: 'Changed', email: target.email }),
      unchanged: () => userRow(target.id),
    },
    {
      name: 'a member cannot read it',
      as: [],
      method: 'GET',
      url: () => `/api/v1/users/${target.id}`,
    },
    {
      name: "a member cannot read the first administrator's",
      as: [],
      method: 'GET',
      url: '/api/v1/users/1',
    },
    {
      name: 'a users.create holder cannot set the status of a new one',
      as: ['users.create'],
      method: 'POST',
      url: '/api/v1/register',
      body: { ...valid(), status: 'enable' },
      unchanged: () => countRows(t, 'users'),
    },
  ]);

  refusals("one's own account", () => t, [
    {
      name: 'a member cannot change their own status',
      as: () => member.token,
      method: 'PATCH',
      url: () => `/api/v1/users/${member.id}`,
      body: { status: 'disable' },
      message: 'You are not allowed to change the status.',
      unchanged: () => userRow(member.id),
    },
  ]);

  refusals('a stronger account', () => t, [
    {
      name: 'a user manager cannot change its email',
      as: manager,
      method: 'PATCH',
      url: '/api/v1/users/1',
      body: { email: 'mine@example.com' },
      unchanged: () => userRow(1),
    },
    {
      name: 'a user manager cannot delete it',
      as: manager,
      method: 'DELETE',
      url: '/api/v1/users/1',
      unchanged: () => userRow(1),
    },
    {
      name: 'a user manager cannot reset its password',
      as: manager,
      method: 'POST',
      url: '/api/v1/users/1/reset-password',
      body: { mode: 'mail' },
      unchanged: () => userRow(1),
    },
  ]);
});

describe('PATCH /users/{id}', () => {
  it('updates through POST ?_method=PATCH multipart; only the fields sent change', async () => {
    const user = (await register({ ...valid(), phone: '0911111111', address: 'Hà Nội' })).json()
      .data;
    const form = multipart({
      name: 'Lê Văn C',
      email: user.email.toUpperCase(),
      gender: 'male',
      zalo: '0922222222',
      status: 'enable',
    });
    const response = await t.request('POST', `/api/v1/users/${user.id}?_method=PATCH`, {
      token: t.adminToken,
      ...form,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      name: 'Lê Văn C',
      email: user.email,
      gender: 'male',
      zalo: '0922222222',
      status: 'enable',
      phone: '0911111111',
      address: 'Hà Nội',
    });
    const bad = await t.request('POST', `/api/v1/users/${user.id}?_method=PATCH`, {
      token: t.adminToken,
      locale: 'en',
      ...multipart({ name: 'X', email: 'bad', phone: '1' }),
    });
    expect(bad.statusCode).toBe(422);
    expect(errorsOf(bad)).toMatchObject({
      name: ['The name must be between 2 and 200 characters.'],
      email: ['Your email address is not valid!'],
      phone: ['Invalid phone number!'],
    });
    const duplicate = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: t.adminToken,
      locale: 'en',
      body: { email: 'admin@example.com' },
    });
    expect(errorsOf(duplicate).email).toEqual([
      'Your email address has existed! Please enter another email address.',
    ]);
  });

  it('sets the avatar by file or by the URL of an image in the media library, refuses others, clears it', async () => {
    const user = (await register(valid())).json().data;
    const path = `/api/v1/users/${user.id}?_method=PATCH`;
    const send = (fields: Record<string, string>, file?: Parameters<typeof multipart>[1]) =>
      t.request('POST', path, { token: t.adminToken, locale: 'en', ...multipart(fields, file) });
    const png = await sharp({
      create: { width: 500, height: 500, channels: 3, background: '#27ae60' },
    })
      .png()
      .toBuffer();

    const uploaded = await send(
      {},
      { field: 'avatar', filename: 'a.png', type: 'image/png', bytes: png },
    );
    expect(uploaded.statusCode).toBe(200);
    expect(uploaded.json().data.avatar_url).toMatch(/^\/api\/v1\/media\/files\//);

    const library = (
      await t.request('POST', '/api/v1/media', {
        token: t.adminToken,
        ...multipart({}, { field: 'file', filename: 'pick.png', type: 'image/png', bytes: png }),
      })
    ).json().data;
    const document = (
      await t.request('POST', '/api/v1/media', {
        token: t.adminToken,
        ...multipart(
          {},
          { field: 'file', filename: 'a.pdf', type: 'application/pdf', bytes: makePdf() },
        ),
      })
    ).json().data;
    expect(document.kind).toBe('document');

    const chosen = await send({ avatar: library.url });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({
      avatar: library.thumbnail_url,
      avatar_url: library.thumbnail_url,
    });

    for (const avatar of ['https://cdn.example.org/me.png', document.url, `${library.url}x`]) {
      const refused = await send({ avatar });
      expect(refused.statusCode, avatar).toBe(422);
      expect(errorsOf(refused).avatar).toEqual([
        'Please choose an image from the media library as the avatar.',
      ]);
    }

    const cleared = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: t.adminToken,
      body: { avatar: null },
    });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ avatar: null, avatar_url: null });
  });

  it('nobody disables or deletes themselves', async () => {
    const self = await t.request('PATCH', '/api/v1/users/1', {
      token: t.adminToken,
      body: { status: 'disable' },
      locale: 'en',
    });
    expect(self.statusCode).toBe(422);
    expect(errorsOf(self).status).toEqual(['You cannot disable your own account.']);
    const del = await t.request('DELETE', '/api/v1/users/1', { token: t.adminToken, locale: 'en' });
    expect(del.statusCode).toBe(422);
    expect(errorsOf(del).id).toEqual(['You cannot delete your own account.']);
  });

  it('disabling a user ends their sessions at once; deleting removes them', async () => {
    const staff = await t.createUser(['posts.list']);
    expect((await t.request('GET', '/api/v1/profile', { token: staff.token })).statusCode).toBe(
      200,
    );
    const off = await t.request('PATCH', `/api/v1/users/${staff.id}`, {
      token: t.adminToken,
      body: { status: 'disable' },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.request('GET', '/api/v1/profile', { token: staff.token })).statusCode).toBe(
      401,
    );
    const refresh = await t.request('POST', '/api/v1/clients/web/refresh', {
      body: { refresh_token: staff.tokens.refresh_token },
    });
    expect(refresh.statusCode).toBe(401);

    const gone = await t.createUser([]);
    expect(
      (await t.request('DELETE', `/api/v1/users/${gone.id}`, { token: t.adminToken })).statusCode,
    ).toBe(204);
    expect(
      (await t.request('GET', `/api/v1/users/${gone.id}`, { token: t.adminToken })).statusCode,
    ).toBe(404);
    expect((await t.request('GET', '/api/v1/profile', { token: gone.token })).statusCode).toBe(401);
  });

  it('lets one super-admin disable another, whose sessions end; the one left is never disabled', async () => {
    const role = await t.db
      .selectFrom('roles')
      .select('id')
      .where('name', '=', 'super-admin')
      .executeTakeFirstOrThrow();
    const second = await t.createUser([]);
    const sync = await t.request('POST', '/api/v1/roles/sync', {
      token: t.adminToken,
      body: { user_ids: [second.id], role_ids: [role.id] },
    });
    expect(sync.statusCode).toBe(204);
    // Two enabled super-admins: one may disable the other.
    const off = await t.request('PATCH', '/api/v1/users/1', {
      token: second.token,
      body: { status: 'disable' },
    });
    expect(off.statusCode).toBe(200);
    expect((await t.request('GET', '/api/v1/profile', { token: t.adminToken })).statusCode).toBe(
      401,
    );
    // `second` is now the last enabled super-admin and cannot remove themselves
    // (nobody else outranks them, so no one else can either).
    const self = await t.request('PATCH', `/api/v1/users/${second.id}`, {
      token: second.token,
      body: { status: 'disable' },
    });
    expect(self.statusCode).toBe(422);
    const back = await t.request('PATCH', '/api/v1/users/1', {
      token: second.token,
      body: { status: 'enable' },
    });
    expect(back.statusCode).toBe(200);
    t.adminToken = (await t.login('admin@example.com', 'Admin-password-1')).access_token;
  });
});

describe('roles of a user', () => {
  it('a change of roles counts from the next request', async () => {
    const person = await t.createUser([]);
    expect((await t.request('GET', '/api/v1/users', { token: person.token })).statusCode).toBe(403);
    const role = await t.request('POST', '/api/v1/roles', {
      token: t.adminToken,
      body: { name: 'Listers', description: 'see users', permissions: ['users.list'] },
    });
    expect(role.statusCode).toBe(201);
    const roleId = role.json().data.id;
    expect(
      (
        await t.request('POST', '/api/v1/roles/sync', {
          token: t.adminToken,
          body: { user_ids: [person.id], role_ids: [roleId] },
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.request('GET', '/api/v1/users', { token: person.token })).statusCode).toBe(200);
    const staff = (
      await t.request('GET', '/api/v1/users?searchRole=has&include=roles&limit=100', {
        token: t.adminToken,
      })
    ).json().data;
    expect(
      staff
        .find((u: { id: number }) => u.id === person.id)
        .roles.map((r: { name: string }) => r.name),
    ).toEqual(['Listers']);
    expect(
      (
        await t.request('POST', '/api/v1/roles/revoke', {
          token: t.adminToken,
          body: { user_ids: [person.id], role_ids: [roleId] },
        })
      ).statusCode,
    ).toBe(204);
    expect((await t.request('GET', '/api/v1/users', { token: person.token })).statusCode).toBe(403);
  });
});
