import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/connection';
import { createTestApp, type TestApp } from '../test/test-app';

/** One access-log line per answered request; health probes log only their failures. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the access log', () => {
  it('writes one line per request with its status, none for a healthy probe', async () => {
    const lines: string[] = [];
    const database = openDatabase(t.config.databaseUrl);
    const app = await buildApp({
      config: t.config,
      database,
      adminDist: '/nonexistent',
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      const requests = () =>
        lines
          .map(
            (line) =>
              JSON.parse(line) as {
                msg: string;
                method: string;
                url?: string;
                statusCode?: number;
              },
          )
          .filter((line) => line.msg === 'request')
          .map((line) => `${line.method} ${line.url} ${line.statusCode}`);
      for (let i = 0; i < 3; i++)
        expect((await app.inject({ url: '/api/v1/health' })).statusCode).toBe(200);
      expect((await app.inject({ url: '/api/v1/redirects' })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/v1/site' })).statusCode).toBe(200);
      // a HEAD is routed as its GET, and logged as what it was
      expect((await app.inject({ method: 'HEAD', url: '/api/v1/site' })).statusCode).toBe(200);
      expect(requests()).toEqual([
        'GET /api/v1/redirects 401',
        'GET /api/v1/site 200',
        'HEAD /api/v1/site 200',
      ]);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
