import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
const dist = mkdtempSync(join(tmpdir(), 'bo-dist-'));
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  t = await createTestApp({}, { adminDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the admin app served by the API process', () => {
  it('answers every client route with the app (which shows its own 404 page)', async () => {
    for (const path of ['/', '/login', '/posts/all-posts/3', '/no/such/page']) {
      const response = await t.request('GET', path);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets for good, including ones built after start', async () => {
    const first = await t.request('GET', '/assets/main-abc123.js');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toContain('immutable');
    writeFileSync(join(dist, 'assets', 'late-def456.js'), 'console.log(2)');
    expect((await t.request('GET', '/assets/late-def456.js')).body).toBe('console.log(2)');
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.request('GET', '/api/v1/nothing-here', { locale: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
