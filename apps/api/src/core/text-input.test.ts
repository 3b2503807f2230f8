import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/test-kit';
import { countRows, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CONTROL = ['Control characters are not allowed.'];
const composed = 'Cà phê sữa đá';
const decomposed = composed.normalize('NFD');

const post = (url: string, body: unknown) =>
  t.request('POST', url, { token: t.adminToken, locale: 'en', body });
const list = async (url: string) => {
  const response = await t.request('GET', url, { token: t.adminToken, locale: 'en' });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json().data as Array<Record<string, unknown>>;
};
const createRole = (name: string) =>
  post('/api/v1/roles', { name, description: 'test', permissions: ['posts.list'] });

describe('a control character in a search or a text field is a 422 naming the field', () => {
  it.each([
    '/api/v1/users?search=a%00b',
    '/api/v1/redirects?search=a%00b',
    '/api/v1/redirects?search=source:a%00b',
    '/api/v1/roles?search=a%01b',
    '/api/v1/agencies?search=a%1Bb',
    '/api/v1/languages?search=a%00',
    '/api/v1/media?search=%00',
  ])('%s', async (url) => {
    const response = await t.request('GET', url, { token: t.adminToken, locale: 'en' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ search: CONTROL });
  });

  it('in JSON and multipart text fields; tab and line breaks are text', async () => {
    const before = await countRows(t, 'agencies');
    for (const [body, field] of [
      [{ name: 'Chi\u0000nhánh' }, 'name'],
      [{ name: 'Chi nhánh', description: 'bell\u0007' }, 'description'],
      [{ name: '\u000BChi nhánh' }, 'name'],
    ] as const) {
      const response = await post('/api/v1/agencies', body);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ [field]: CONTROL });
    }
    expect(await countRows(t, 'agencies')).toBe(before);
    const redirect = await post('/api/v1/redirects', { source: '/a\u001b[31m', destination: '/b' });
    expect(redirect.json().errors).toEqual({ source: CONTROL });
    const login = await t.request('POST', '/api/v1/clients/web/login', {
      locale: 'en',
      body: { email: 'a\u0000@example.com', password: 'x' },
    });
    expect(login.json().errors).toEqual({ email: CONTROL });

    const user = await t.createUser([]);
    const form = await t.request('POST', `/api/v1/users/${user.id}?_method=PATCH`, {
      token: t.adminToken,
      locale: 'en',
      ...multipart({ name: 'Tên\u0000lạ', address: 'ok' }),
    });
    expect(form.statusCode).toBe(422);
    expect(form.json().errors).toEqual({ name: CONTROL });

    const lines = 'Tầng 2\r\nSố 1\tLê Lợi\nQuận 1';
    const kept = await post('/api/v1/agencies', { name: 'Chi nhánh Một', description: lines });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().data.description).toBe(lines);
  });
});

describe('text is stored in Unicode NFC and measured in characters', () => {
  it('stores a name typed decomposed composed, from JSON and from multipart', async () => {
    const agency = await post('/api/v1/agencies', { name: decomposed });
    expect(agency.statusCode).toBe(201);
    expect(agency.json().data.name).toBe(composed);
    const row = await t.db
      .selectFrom('agencies')
      .select('name')
      .where('id', '=', agency.json().data.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe(composed);

    const user = await t.createUser([]);
    const form = await t.request('POST', `/api/v1/users/${user.id}?_method=PATCH`, {
      token: t.adminToken,
      ...multipart({ name: decomposed, address: `12 ${decomposed}` }),
    });
    expect(form.statusCode).toBe(200);
    expect(form.json().data).toMatchObject({ name: composed, address: `12 ${composed}` });
  });

  it('compares unique names after normalization', async () => {
    expect((await createRole(composed.slice(0, 10))).statusCode).toBe(201);
    const again = await createRole(composed.slice(0, 10).normalize('NFD'));
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['name']);

    expect(
      (await post('/api/v1/redirects', { source: `/${composed}`, destination: '/menu' }))
        .statusCode,
    ).toBe(201);
    const redirect = await post('/api/v1/redirects', {
      source: `/${decomposed}`,
      destination: '/menu',
    });
    expect(redirect.statusCode).toBe(422);
    expect(redirect.json().errors).toEqual({
      source: ['A redirect from this address already exists.'],
    });
  });

  it('counts characters (code points), not UTF-16 units, for length limits', async () => {
    // A role name is 2 to 20 characters.
    const emoji = await createRole('😀'.repeat(20));
    expect(emoji.statusCode).toBe(201);
    expect(emoji.json().data.name).toBe('😀'.repeat(20));
    const tooLong = await createRole('😀'.repeat(21));
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().errors).toEqual({
      name: ['The role name must be between 2 and 20 characters.'],
    });
    // 20 characters composed, 26 code points as typed decomposed.
    const vietnamese = 'Quản lý kho Huế Việt';
    expect(vietnamese.normalize('NFD').length).toBe(26);
    const typed = await createRole(vietnamese.normalize('NFD'));
    expect(typed.statusCode).toBe(201);
    expect(typed.json().data.name).toBe(vietnamese);
    // Optional text counts the same way (an agency's description holds at most 1000).
    const description = await post('/api/v1/agencies', {
      name: 'Emoji',
      description: '🍜'.repeat(1000),
    });
    expect(description.statusCode).toBe(201);
    const over = await post('/api/v1/agencies', {
      name: 'Emoji 2',
      description: '🍜'.repeat(1001),
    });
    expect(over.json().errors).toEqual({
      description: ['This value must be at most 1,000 characters long.'],
    });
  });

  it('normalizes the search term too', async () => {
    expect((await createRole('Pha chế')).statusCode).toBe(201);
    const found = await list(`/api/v1/roles?search=${encodeURIComponent('chế'.normalize('NFD'))}`);
    expect(found.map((role) => role.name)).toEqual(['Pha chế']);
  });
});

describe('a search term is literal on both engines: _, % and \\ match themselves', () => {
  const names = (rows: Array<Record<string, unknown>>, key = 'name') =>
    rows.map((row) => row[key]).sort();
  const search = (term: string) => encodeURIComponent(term);

  it('on roles (LIKE)', async () => {
    for (const name of ['ab_cd', 'abxcd', '5%off', '5xoff', 'a\\bc', 'axbc'])
      expect((await createRole(name)).statusCode).toBe(201);
    expect(names(await list(`/api/v1/roles?search=${search('ab_cd')}`))).toEqual(['ab_cd']);
    expect(names(await list(`/api/v1/roles?search=${search('5%')}`))).toEqual(['5%off']);
    expect(names(await list(`/api/v1/roles?search=${search('a\\b')}`))).toEqual(['a\\bc']);
    expect(names(await list(`/api/v1/roles?search=name:${search('b_c')}`))).toEqual(['ab_cd']);
  });

  it('on redirects (the search index, and a field)', async () => {
    for (const source of ['/lit/a_b', '/lit/axb', '/lit/50%', '/lit/50x', '/lit/a\\b', '/lit/ab'])
      expect((await post('/api/v1/redirects', { source, destination: '/lit-to' })).statusCode).toBe(
        201,
      );
    const sources = async (query: string) =>
      names(await list(`/api/v1/redirects?search=${query}`), 'source');
    expect(await sources(search('/lit/a_b'))).toEqual(['/lit/a_b']);
    expect(await sources(search('a_b'))).toEqual(['/lit/a_b']);
    expect(await sources(search('50%'))).toEqual(['/lit/50%']);
    expect(await sources(search('t/a\\'))).toEqual(['/lit/a\\b']);
    expect(await sources(`source:${search('a_b')}`)).toEqual(['/lit/a_b']);
    expect(await sources(`source:${search('0%')}`)).toEqual(['/lit/50%']);
    expect(await sources(`source:${search('a\\')}`)).toEqual(['/lit/a\\b']);
  });

  it('on users (the search index)', async () => {
    await t.createUser([], { name: 'Lê_Văn Tám' });
    await t.createUser([], { name: 'LêxVăn Tám' });
    expect(names(await list(`/api/v1/users?search=${search('lê_văn')}`))).toEqual(['Lê_Văn Tám']);
    expect(names(await list(`/api/v1/users?search=${search('e_v')}`))).toEqual(['Lê_Văn Tám']);
  });
});
