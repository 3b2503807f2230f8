import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../test/test-kit';
import { countRows, createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NOT_ACCEPTED = ['This field is not accepted.'];
// Routes that take files only: JSON is not a body type they take.
const FILE_UPLOADS = ['post /api/v1/media'];

const createRedirect = async (source: string) =>
  (
    await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      body: { source, destination: '/to' },
    })
  ).json().data as {
    id: number;
  };

describe('a body field the route does not know is a 422 naming it', () => {
  it('on a JSON create, which stores nothing', async () => {
    const before = await countRows(t, 'redirects');
    const response = await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      locale: 'en',
      body: { source: '/strict-a', destination: '/strict-b', bogus: 1 },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      code: 'validation_failed',
      errors: { bogus: NOT_ACCEPTED },
    });
    expect(await countRows(t, 'redirects')).toBe(before);
  });

  it('in the request language', async () => {
    const body = { source: '/strict-l', destination: '/strict-m', bogus: 1 };
    const vi = await t.request('POST', '/api/v1/redirects', { token: t.adminToken, body });
    expect(vi.json().errors.bogus).toEqual(['Trường này không được chấp nhận.']);
    const ja = await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      body,
      locale: 'ja',
    });
    expect(ja.json().errors.bogus).toEqual(['この項目は受け付けていません。']);
  });

  it('on a JSON update: a password sent to PATCH /users/{id} is refused, never dropped', async () => {
    const user = await t.createUser([]);
    const response = await t.request('PATCH', `/api/v1/users/${user.id}`, {
      token: t.adminToken,
      locale: 'en',
      body: { name: 'Changed By Admin', password: 'Another-pass-77' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ password: NOT_ACCEPTED });
    // Neither the password nor the name changed.
    await t.login(user.email, user.password);
    await expect(t.login(user.email, 'Another-pass-77')).rejects.toThrow();
    const shown = await t.request('GET', `/api/v1/users/${user.id}`, { token: t.adminToken });
    expect(shown.json().data.name).toBe(user.name);
  });

  it('on a multipart update, for text fields and for files in fields it does not take', async () => {
    const user = await t.createUser([]);
    const patch = (form: ReturnType<typeof multipart>) =>
      t.request('POST', `/api/v1/users/${user.id}?_method=PATCH`, {
        token: t.adminToken,
        locale: 'en',
        ...form,
      });
    const text = await patch(
      multipart({ name: 'Multipart Name', password: 'Another-pass-77', is_admin: '1' }),
    );
    expect(text.statusCode).toBe(422);
    expect(text.json().errors).toEqual({ password: NOT_ACCEPTED, is_admin: NOT_ACCEPTED });
    const file = await patch(
      multipart(
        { name: 'Multipart Name' },
        { field: 'photo', filename: 'a.txt', type: 'text/plain', bytes: Buffer.from('hello') },
      ),
    );
    expect(file.statusCode).toBe(422);
    expect(file.json().errors).toEqual({ photo: NOT_ACCEPTED });
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const odd = await patch(multipart({ [name]: 'x' }));
      expect(odd.statusCode, name).toBe(400);
      expect(odd.json(), name).toEqual({
        message: 'The request is not valid.',
        code: 'bad_request',
      });
    }
    const shown = await t.request('GET', `/api/v1/users/${user.id}`, { token: t.adminToken });
    expect(shown.json().data.name).toBe(user.name);
    // The fields it knows still go through.
    expect((await patch(multipart({ name: 'Multipart Name' }))).json().data.name).toBe(
      'Multipart Name',
    );
  });

  it('on a multipart upload to the media library', async () => {
    const before = await countRows(t, 'media');
    const file = {
      field: 'file',
      filename: 'note.txt',
      type: 'text/plain',
      bytes: Buffer.from('plain text'),
    };
    const field = await t.request('POST', '/api/v1/media', {
      token: t.adminToken,
      locale: 'en',
      ...multipart({ folder: 'x' }, file),
    });
    expect(field.statusCode).toBe(422);
    expect(field.json().errors).toEqual({ folder: NOT_ACCEPTED });
    const elsewhere = await t.request('POST', '/api/v1/media', {
      token: t.adminToken,
      locale: 'en',
      ...multipart({}, { ...file, field: 'document' }),
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors).toEqual({ document: NOT_ACCEPTED });
    expect(await countRows(t, 'media')).toBe(before);
    const accepted = await t.request('POST', '/api/v1/media', {
      token: t.adminToken,
      ...multipart({ area: 'posts' }, file),
    });
    expect(accepted.statusCode).toBe(201);
  });

  it('on a route that takes no body at all, which then does nothing', async () => {
    const { id } = await createRedirect('/strict-delete');
    const response = await t.request('DELETE', `/api/v1/redirects/${id}`, {
      token: t.adminToken,
      locale: 'en',
      body: { force: true },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ force: NOT_ACCEPTED });
    expect(
      (await t.request('GET', `/api/v1/redirects/${id}`, { token: t.adminToken })).statusCode,
    ).toBe(200);
    expect(
      (await t.request('DELETE', `/api/v1/redirects/${id}`, { token: t.adminToken })).statusCode,
    ).toBe(204);
  });

  it('on every route of the API that takes a body', async () => {
    type Operation = { parameters?: Array<{ in: string; name: string; required?: boolean }> };
    const doc = (await t.request('GET', '/api/v1/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const method of Object.keys(operations)) {
        if (!['post', 'put', 'patch', 'delete'].includes(method)) continue;
        // Ids of nothing: if a route ignored the body it would answer 404, not 422.
        // A required query parameter (an import's type) is given, so that the body is what is judged.
        const required = (operations[method]!.parameters ?? [])
          .filter((parameter) => parameter.in === 'query' && parameter.required)
          .map((parameter) => `${parameter.name}=999999`);
        const url =
          path.replace(/\{id\}/g, '999999').replace(/\{code\}/g, 'zz') +
          (required.length > 0 ? `?${required.join('&')}` : '');
        const response = await t.request(method.toUpperCase() as 'POST', url, {
          token: t.adminToken,
          locale: 'en',
          body: { zz_unknown: 1 },
        });
        if (FILE_UPLOADS.includes(`${method} ${path}`)) {
          expect(response.statusCode, `${method} ${path}`).toBe(415);
        } else {
          expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(422);
          expect(response.json().errors.zz_unknown, `${method} ${path}`).toEqual(NOT_ACCEPTED);
        }
        checked.push(`${method} ${path}`);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        'post /api/v1/redirects',
        'patch /api/v1/users/{id}',
        'delete /api/v1/logout',
      ]),
    );
    // The session survived: sign-out refused its body before it ran.
    expect((await t.request('GET', '/api/v1/profile', { token: t.adminToken })).statusCode).toBe(
      200,
    );
  });

  it('multipart to a route that takes JSON only is a 415', async () => {
    const before = await countRows(t, 'redirects');
    const response = await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      locale: 'en',
      ...multipart({ source: '/mp-a', destination: '/mp-b' }),
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({
      message: 'This type of request body is not accepted.',
      code: 'unsupported_media_type',
    });
    expect(await countRows(t, 'redirects')).toBe(before);
  });
});

describe('a query parameter a list does not know is a 422 naming it', () => {
  it.each([
    ['/api/v1/redirects?bogus=1', 'bogus'],
    ['/api/v1/users?sortBy=name', 'sortBy'],
    ['/api/v1/roles?per_page=5', 'per_page'],
    ['/api/v1/media?folder=x', 'folder'],
    ['/api/v1/audit-logs?entity=redirect&who=me', 'who'],
  ])('%s', async (url, parameter) => {
    const response = await t.request('GET', url, { token: t.adminToken, locale: 'en' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ [parameter]: ['This parameter is not accepted.'] });
  });

  it("on a tree's delete, beside its documented `children`", async () => {
    const type = await t.request('POST', '/api/v1/types', {
      token: t.adminToken,
      body: { style: 'article', title: 'Cây' },
    });
    const category = await t.request('POST', '/api/v1/categories', {
      token: t.adminToken,
      body: { type_id: type.json().data.id, title: 'Gốc' },
    });
    const url = `/api/v1/categories/${category.json().data.id}`;
    const refused = await t.request('DELETE', `${url}?children=lift&bogus=1`, {
      token: t.adminToken,
      locale: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ bogus: ['This parameter is not accepted.'] });
    expect(
      (await t.request('DELETE', `${url}?children=lift`, { token: t.adminToken })).statusCode,
    ).toBe(204);
  });

  it('while the documented parameters and filters are accepted', async () => {
    for (const url of [
      '/api/v1/redirects?page=1&limit=5&search=a&orderBy=source&sortedBy=desc',
      '/api/v1/users?searchRole=has&status=enable&include=roles',
      '/api/v1/media?type=image&area=posts',
      '/api/v1/audit-logs?entity=redirect&action=create',
    ])
      expect((await t.request('GET', url, { token: t.adminToken })).statusCode, url).toBe(200);
  });
});

describe('a query parameter sent to a route that takes none is a 422 naming it', () => {
  it('on every GET of the API that declares no query parameter, but a file address', async () => {
    type Operation = { parameters?: Array<{ in: string }> };
    const doc = (await t.request('GET', '/api/v1/docs/json')).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const read = operations.get;
      if (!read || (read.parameters ?? []).some((parameter) => parameter.in === 'query')) continue;
      // The website's delivery API reads what it declares and leaves the rest to the caches and
      // CDNs in front of it (core/public.ts, `noParameters`).
      if (path.startsWith('/api/v1/public/')) continue;
      // Ids of nothing: a route that ignored the parameter would answer 404 or 200, not 422.
      const url = `${path.replace(/\{[^}]+\}/g, '999999')}?zz_unknown=1`;
      const response = await t.request('GET', url, { token: t.adminToken, locale: 'en' });
      if (path.startsWith('/api/v1/media/files/')) {
        // a website adds its own `?v=…` to a picture's address: the file is still the file
        expect(response.statusCode, url).toBe(404);
      } else {
        expect(response.statusCode, `${url}: ${response.body}`).toBe(422);
        expect(response.json().errors, url).toEqual({
          zz_unknown: ['This parameter is not accepted.'],
        });
      }
      checked.push(path);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        '/api/v1/profile',
        '/api/v1/media/usage/{id}',
        '/api/v1/orders/{id}/vietqr',
      ]),
    );
  });
});

describe('every message whole', () => {
  it.each([
    ['en', 'The page size must be a whole number from 1 to 100.'],
    ['vi', 'Số dòng mỗi trang phải là số nguyên từ 1 đến 100.'],
    ['ja', '1ページの件数は1から100までの整数で指定してください。'],
  ])('a page size of -1 says the bound (%s)', async (locale, text) => {
    for (const limit of ['-1', 'abc', '101']) {
      const response = await t.request('GET', `/api/v1/redirects?limit=${limit}`, {
        token: t.adminToken,
        locale,
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors.limit).toEqual([text]);
    }
  });
});
