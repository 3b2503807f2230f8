import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../test/test-app';
import { permissionGuard } from './auth/guard';
import { coreServices, type CoreServices } from './services';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await t.createUser(['manage-redirects'])).token;
});
afterAll(() => t.close());

const raw = (payload: string, contentType = 'application/json') =>
  t.request('POST', '/api/v1/redirects', {
    token,
    locale: 'en',
    payload,
    headers: { 'content-type': contentType },
  });

describe('hostile bodies are answered with 4xx and change nothing', () => {
  it.each([
    ['invalid JSON', '{"source": "/a",', 400],
    ['an array for an object', '[{"source":"/a","destination":"/b"}]', 422],
    ['a string for an object', '"hello"', 422],
    ['null', 'null', 422],
    ['a __proto__ key', '{"source":"/a","destination":"/b","__proto__":{"admin":true}}', 400],
    [
      'a constructor.prototype key',
      '{"source":"/a","destination":"/b","constructor":{"prototype":{"x":1}}}',
      400,
    ],
    ['a NUL byte', '{"source":"/a\\u0000b","destination":"/b"}', 422],
    ['a 1 MB string', JSON.stringify({ source: 'x'.repeat(1024 * 1024), destination: '/b' }), 413],
    ['a 900 KB string', JSON.stringify({ source: 'x'.repeat(900 * 1024), destination: '/b' }), 422],
    ['10,000-deep nesting', '{"source":'.repeat(10_000) + '"x"' + '}'.repeat(10_000), 422],
    ['a wrong type', '{"source":123,"destination":true}', 422],
  ])('%s', async (_name, payload, status) => {
    const before = await countRows(t, 'redirects');
    const response = await raw(payload);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(typeof response.json().message).toBe('string');
    expect(response.body).not.toMatch(/at .*\.ts:|SELECT|INSERT/);
    expect(await countRows(t, 'redirects')).toBe(before);
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('refuses a body type the route does not take with 415', async () => {
    const response = await raw('source=/a&destination=/b', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('unsupported_media_type');
  });
});

describe('HTTP core', () => {
  it('answers unknown API paths with a JSON 404, with or without a token', async () => {
    for (const options of [{}, { token }, { token: 'garbage' }]) {
      const response = await t.request('GET', '/api/v1/no-such-thing', {
        ...options,
        locale: 'en',
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'There is no such address.', code: 'not_found' });
    }
  });

  it('treats POST ?_method=PATCH as PATCH, with PATCH’s permission', async () => {
    const id = (
      await t.request('POST', '/api/v1/redirects', {
        token,
        body: { source: '/m1', destination: '/m2' },
      })
    ).json().data.id;
    const patched = await t.request('POST', `/api/v1/redirects/${id}?_method=PATCH`, {
      token,
      body: { code: 302 },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.code).toBe(302);
    const outsider = await t.createUser([]);
    expect(
      (await t.request('POST', `/api/v1/redirects/${id}?_method=DELETE`, { token: outsider.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request('POST', `/api/v1/redirects/${id}?_method=DELETE`, { token })).statusCode,
    ).toBe(204);
  });

  it('sends security headers and a request id, and falls back to vi and en for the locale', async () => {
    const response = await t.request('GET', '/api/v1/health');
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
    const vi = await t.request('GET', '/api/v1/profile');
    expect(vi.json().message).toBe('Vui lòng đăng nhập để tiếp tục.');
    const unknown = await t.request('GET', '/api/v1/profile', { locale: 'xx' });
    expect(unknown.json().message).toBe('Please sign in to continue.');
    const ja = await t.request('GET', '/api/v1/profile', { locale: 'ja' });
    expect(ja.json().message).toBe('続行するにはログインしてください。');
  });

  it('serves the OpenAPI description generated from the route schemas', async () => {
    const response = await t.request('GET', '/api/v1/docs/json');
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/redirects'].post.requestBody).toBeDefined();
    expect(
      doc.paths['/api/v1/languages'].get.parameters.map((p: { name: string }) => p.name),
    ).toContain('orderBy');
    const page = await t.request('GET', '/api/v1/docs');
    const html =
      page.statusCode === 200 ? page : await t.request('GET', String(page.headers.location));
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/text\/html/);
  });

  it('makes every API route declare its permission', async () => {
    const app = Fastify();
    await app.register(coreServices({} as CoreServices));
    await app.register(permissionGuard);
    expect(() => app.get('/api/v1/undeclared', async () => 'open')).toThrow(
      /declares no permission/,
    );
    app.get('/api/v1/declared', { config: { permission: 'public' } }, async () => 'open');
    await app.ready();
    await app.close();
  });

  it('writes the audit entry with the change, with the fields before and after', async () => {
    const id = (
      await t.request('POST', '/api/v1/redirects', {
        token,
        body: { source: '/au1', destination: '/au2' },
      })
    ).json().data.id;
    await t.request('PATCH', `/api/v1/redirects/${id}`, { token, body: { destination: '/au3' } });
    const logs = (
      await t.request('GET', `/api/v1/audit-logs?entity=redirect&entity_id=${id}`, {
        token: t.adminToken,
      })
    ).json().data;
    expect(logs.map((l: { action: string }) => l.action)).toEqual(['update', 'create']);
    expect(logs[0].changes).toEqual({ destination: ['/au2', '/au3'] });
    expect(logs[0].ip).toBeTruthy();
    // A refused change leaves no audit entry behind.
    const before = await countRows(t, 'audit_logs');
    await t.request('POST', '/api/v1/redirects', {
      token,
      body: { source: '/au1', destination: '/dup' },
    });
    expect(await countRows(t, 'audit_logs')).toBe(before);
  });
});
