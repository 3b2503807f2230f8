import SQLite from 'better-sqlite3';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { readdir } from 'node:fs/promises';
import {
  createConnection,
  createServer,
  type AddressInfo,
  type Server,
  type Socket,
} from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/connection';
import { startTestS3Server, type TestS3Server } from '../storage/s3-test-server';
import { countRows, createTestApp, ENGINE, type TestApp } from '../test/test-app';

/**
 * A dependency that stops answering is a 503 with Retry-After and `code: unavailable`,
 * writes nothing half-done, and the app recovers by itself when it comes back. Each test
 * stops a real server (or locks the real database file) and starts it again.
 */
const expectUnavailable = (response: LightMyRequestResponse) => {
  expect(response.statusCode, response.body).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  const body = response.json();
  expect(body.code).toBe('unavailable');
  expect(body.message).toBe(
    'The service is temporarily unavailable. Please try again in 5 seconds.',
  );
  expect(response.body).not.toMatch(/ECONNREFUSED|SQLITE|select|insert|127\.0\.0\.1/i);
};

/** A TCP proxy in front of PostgreSQL: closing it is the database dropping off the network. */
const startProxy = async (target: { host: string; port: number }, port = 0) => {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    const upstream = createConnection(target);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => socket.destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

describe('the database unavailable', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createRedirect = (app: FastifyInstance, source: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/redirects',
      headers: { authorization: `Bearer ${t.adminToken}`, locale: 'en' },
      payload: { source, destination: '/after-the-outage' },
    });

  it('answers 503 while it cannot be reached, writes nothing, and recovers by itself', async () => {
    const before = await countRows(t, 'redirects');
    if (ENGINE === 'sqlite') {
      // Another process holds the file's write lock past busy_timeout (a backup, a stuck writer).
      const other = new SQLite(t.config.databaseUrl.slice('sqlite:'.length));
      other.exec('BEGIN EXCLUSIVE');
      try {
        expectUnavailable(await createRedirect(t.app, '/during-the-outage'));
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect(await countRows(t, 'redirects')).toBe(before);
      expect((await createRedirect(t.app, '/during-the-outage')).statusCode).toBe(201);
      return;
    }
    // PostgreSQL reached through a proxy that goes away and comes back on the same port.
    const url = new URL(t.config.databaseUrl);
    const target = { host: url.hostname, port: Number(url.port || 5432) };
    let proxy = await startProxy(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    const database = openDatabase(url.toString());
    const app = await buildApp({
      config: { ...t.config, databaseUrl: url.toString() },
      database,
      adminDist: '/nonexistent',
    });
    try {
      expect((await createRedirect(app, '/before-the-outage')).statusCode).toBe(201);
      await proxy.close();
      expectUnavailable(await createRedirect(app, '/during-the-outage'));
      expectUnavailable(
        await app.inject({
          method: 'GET',
          url: '/api/v1/redirects',
          headers: { authorization: `Bearer ${t.adminToken}`, locale: 'en' },
        }),
      );
      proxy = await startProxy(target, proxy.port);
      expect(await countRows(t, 'redirects')).toBe(before + 1);
      const after = await createRedirect(app, '/during-the-outage');
      expect(after.statusCode, after.body).toBe(201);
    } finally {
      await app.close();
      await database.close();
      await proxy.close();
    }
  });
});

describe('the object store unavailable', () => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3Server('media-outage');
    t = await createTestApp({
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (name: string, text: string) => {
    const boundary = '----outage' + Math.random().toString(16).slice(2);
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n${text}\r\n--${boundary}--\r\n`,
    );
    return t.request('POST', '/api/v1/media', {
      token: t.adminToken,
      locale: 'en',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
  };
  const tempFiles = async () => readdir(path.join(t.dataDir, 'tmp', 'uploads')).catch(() => []);

  it('answers 503 for uploads and files while it is down, keeps no record, and recovers by itself', async () => {
    const kept = (await upload('kept.txt', 'stored before the outage')).json().data;
    const rows = await countRows(t, 'media');
    await s3.stop();
    try {
      expectUnavailable(await upload('lost.txt', 'sent during the outage'));
      expectUnavailable(
        await t.request('GET', `/api/v1/media/files/${kept.path}`, { locale: 'en' }),
      );
      expect(await countRows(t, 'media')).toBe(rows);
      expect(await tempFiles()).toEqual([]);
    } finally {
      await s3.restart();
    }
    const file = await t.request('GET', `/api/v1/media/files/${kept.path}`);
    expect([file.statusCode, file.body]).toEqual([200, 'stored before the outage']);
    const again = await upload('lost.txt', 'sent after the outage');
    expect(again.statusCode).toBe(201);
    expect(await countRows(t, 'media')).toBe(rows + 1);
  });
});
