import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

/** A raw HTTP exchange, for what node refuses before Fastify sees a request. */
const rawRequest = (text: string) =>
  new Promise<{ status: number; headers: string; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const response = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = response.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body });
    });
    socket.write(text);
  });

const frameworkBodyFree = (body: string) => expect(body).not.toMatch(/FST_|statusCode|"error"/);

describe('errors Fastify and node raise before a route runs have the API shape, in the request language', () => {
  it('a URL with broken percent-encoding is a 400', async () => {
    for (const [locale, message] of [
      ['en', 'This address is not valid.'],
      ['ja', 'このアドレスは正しくありません。'],
      [undefined, 'Địa chỉ này không hợp lệ.'],
    ] as const) {
      const response = await t.request('GET', '/api/v1/redirects/%E0%A4%A', {
        token: t.adminToken,
        locale,
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message, code: 'bad_request' });
      // refused before the request's hooks ran, it still names the request for the logs
      expect(response.headers['x-request-id']).toMatch(/^[\w-]+$/);
      frameworkBodyFree(response.body);
    }
  });

  it('a path parameter longer than any key names no record (404)', async () => {
    const response = await t.request('GET', `/api/v1/redirects/${'1'.repeat(300)}`, {
      token: t.adminToken,
      locale: 'en',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      message: 'The requested record was not found.',
      code: 'not_found',
    });
  });

  it('headers too large are a 431', async () => {
    const response = await rawRequest(
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nLocale: en\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(response.body)).toEqual({
      message: 'The request headers are too large.',
      code: 'headers_too_large',
    });
    const vi = await rawRequest(
      `GET /api/v1/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(JSON.parse(vi.body)).toEqual({
      message: 'Phần tiêu đề của yêu cầu quá lớn.',
      code: 'headers_too_large',
    });
  });

  it('a request node cannot parse is a 400', async () => {
    const response = await rawRequest(
      'GET /api/v1/health HTTP/1.1\r\nHost 127.0.0.1\r\nLocale: ja\r\n\r\n',
    );
    expect(response.status).toBe(400);
    expect(JSON.parse(response.body)).toEqual({
      message: 'リクエストが正しくありません。',
      code: 'bad_request',
    });
  });

  it.each([
    [
      'a body type the route does not take',
      'text/plain',
      'source=/a',
      415,
      'unsupported_media_type',
      'この形式のリクエスト本文は受け付けていません。',
    ],
    [
      'a body that is not JSON',
      'application/json',
      '{"source": "/a",',
      400,
      'bad_request',
      'リクエスト本文が正しいJSONではありません。',
    ],
    [
      'a body over the limit',
      'application/json',
      JSON.stringify({ source: 'x'.repeat(1024 * 1024) }),
      413,
      'payload_too_large',
      'リクエストが大きすぎます。',
    ],
  ])('%s', async (_name, type, payload, status, code, message) => {
    const response = await t.request('POST', '/api/v1/redirects', {
      token: t.adminToken,
      locale: 'ja',
      payload,
      headers: { 'content-type': type },
    });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({ message, code });
  });
});
