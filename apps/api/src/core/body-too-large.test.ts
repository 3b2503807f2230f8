import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { LINGER_BYTES } from './lingering-close';

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(() => t.close());

type Exchange = { status: number; body: string; writeError?: string; sent: number };

/**
 * A client that sends the whole body, as curl or a browser does, while reading whatever the
 * server answers; a reset while it is still sending loses the answer (EPIPE / ECONNRESET).
 * It runs in a thread of its own, so that it sends as fast as a client in another process.
 */
const CLIENT = `
const { connect } = require('node:net');
const { parentPort, workerData: { port, token, path, bytes, chunked } } = require('node:worker_threads');
const socket = connect(port, '127.0.0.1');
const chunks = [];
let writeError;
let sent = 0;
socket.on('data', (chunk) => chunks.push(chunk));
socket.on('error', (error) => { writeError = error.code || error.message; });
socket.on('close', () => parentPort.postMessage({ response: Buffer.concat(chunks).toString('utf8'), writeError, sent }));
socket.on('connect', () => {
  socket.write('POST ' + path + ' HTTP/1.1\\r\\nHost: 127.0.0.1\\r\\nAuthorization: Bearer ' + token +
    '\\r\\nLocale: en\\r\\nContent-Type: application/json\\r\\n' +
    (chunked ? 'Transfer-Encoding: chunked\\r\\n' : 'Content-Length: ' + bytes + '\\r\\n') + '\\r\\n');
  const piece = Buffer.alloc(64 * 1024, 0x20);
  const pump = () => {
    while (sent < bytes && !socket.destroyed) {
      const size = Math.min(piece.length, bytes - sent);
      sent += size;
      const data = piece.subarray(0, size);
      const framed = chunked
        ? Buffer.concat([Buffer.from(size.toString(16) + '\\r\\n'), data, Buffer.from('\\r\\n')])
        : data;
      if (!socket.write(framed)) return void socket.once('drain', pump);
    }
    if (!socket.destroyed) socket.end(chunked ? '0\\r\\n\\r\\n' : undefined);
  };
  pump();
});
`;

const sendLargeBody = (path: string, bytes: number, chunked = false) =>
  new Promise<Exchange>((resolve, reject) => {
    const worker = new Worker(CLIENT, {
      eval: true,
      workerData: { port, token: t.adminToken, path, bytes, chunked },
    });
    worker.once('error', reject);
    type Report = { response: string; writeError?: string; sent: number };
    worker.once('message', ({ response, writeError, sent }: Report) => {
      void worker.terminate();
      const split = response.indexOf('\r\n\r\n');
      const head = split < 0 ? response : response.slice(0, split);
      const rest = split < 0 ? '' : response.slice(split + 4);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        body: /transfer-encoding: chunked/i.test(head) ? (rest.split('\r\n')[1] ?? '') : rest,
        writeError,
        sent,
      });
    });
  });

const TOO_LARGE = {
  message: 'The request is too large.',
  code: 'payload_too_large',
};

describe('a body over its limit gets a 413 the client can read', () => {
  it('answers every one of 10 clients sending 4 MB to /categories with the 413 JSON', async () => {
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const exchange = await sendLargeBody('/api/v1/categories', 4 * 1024 * 1024);
      expect(exchange.status, JSON.stringify(exchange)).toBe(413);
      expect(JSON.parse(exchange.body)).toEqual(TOO_LARGE);
    }
  });

  it('answers a body of 1 MiB and a little more, sent 10 times at once, with the 413 JSON', async () => {
    const exchanges = await Promise.all(
      Array.from({ length: 10 }, () => sendLargeBody('/api/v1/categories', 1024 * 1024 + 1)),
    );
    for (const exchange of exchanges) {
      expect(exchange.status, JSON.stringify(exchange)).toBe(413);
      expect(JSON.parse(exchange.body)).toEqual(TOO_LARGE);
    }
  });

  it('answers a chunked body that grows past the limit with the 413 JSON', async () => {
    const exchange = await sendLargeBody('/api/v1/categories', 3 * 1024 * 1024, true);
    expect(exchange.status, JSON.stringify(exchange)).toBe(413);
    expect(JSON.parse(exchange.body)).toEqual(TOO_LARGE);
  });

  it('cuts a client that goes on sending once it has sent what the server reads after its answer', async () => {
    const bytes = 512 * 1024 * 1024;
    const exchange = await sendLargeBody('/api/v1/categories', bytes);
    expect(exchange.sent).toBeLessThan(LINGER_BYTES * 2);
    expect(exchange.status).toBe(413);
  });

  it('still answers the next request on a fresh connection', async () => {
    const response = await t.request('GET', '/api/v1/health');
    expect(response.statusCode).toBe(200);
  });
});
