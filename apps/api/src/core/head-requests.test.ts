import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

// Over a real socket: what a HEAD answer carries is node's doing, which app.inject does not copy.
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(() => t.close());

const both = async (path: string, headers: Record<string, string> = {}) => {
  const get = await fetch(`${base}${path}`, { headers });
  const getBody = await get.text();
  const head = await fetch(`${base}${path}`, { method: 'HEAD', headers });
  return { get, getBody, head, headBody: await head.text() };
};

describe('HEAD on the API answers as GET does, without the body', () => {
  it('for the health check and a list, with the same status, type and length', async () => {
    for (const path of ['/api/v1/health', '/api/v1/redirects?limit=5']) {
      const { get, getBody, head, headBody } = await both(path, {
        authorization: `Bearer ${t.adminToken}`,
      });
      expect(head.status).toBe(200);
      expect(head.status).toBe(get.status);
      expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
      expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(getBody)));
      expect(headBody).toBe('');
    }
  });

  it('is refused as GET is: no token is a 401, an unknown path a 404', async () => {
    const anonymous = await both('/api/v1/redirects');
    expect([anonymous.get.status, anonymous.head.status]).toEqual([401, 401]);
    expect(anonymous.headBody).toBe('');
    const unknown = await both('/api/v1/no-such-thing', {
      authorization: `Bearer ${t.adminToken}`,
    });
    expect([unknown.get.status, unknown.head.status]).toEqual([404, 404]);
  });

  it('is never a write: a HEAD asking for a DELETE override is a GET, and the record stays', async () => {
    const auth = { authorization: `Bearer ${t.adminToken}` };
    const created = await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      body: { source: '/head-old', destination: '/head-new' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const head = await fetch(`${base}/api/v1/redirects/${id}?_method=DELETE`, {
      method: 'HEAD',
      headers: auth,
    });
    // routed as the GET of one record, which refuses the unknown parameter by name
    expect(head.status).toBe(422);
    const still = await fetch(`${base}/api/v1/redirects/${id}`, { headers: auth });
    expect(still.status).toBe(200);
    expect(((await still.json()) as { data: { source: string } }).data.source).toBe('/head-old');
  });
});
