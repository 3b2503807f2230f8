import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
  // what the build writes: brotli and gzip copies beside each file, a manifest, maybe maps
  const big = `const text = ${JSON.stringify('xin chào '.repeat(400))};`;
  writeFileSync(join(dist, 'assets', 'big-0f0f0f.js'), big);
  writeFileSync(join(dist, 'assets', 'big-0f0f0f.js.br'), brotliCompressSync(big));
  writeFileSync(join(dist, 'assets', 'big-0f0f0f.js.gz'), gzipSync(big));
  writeFileSync(join(dist, 'assets', 'big-0f0f0f.js.map'), '{"sources":["secret.tsx"]}');
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"src/secret.tsx":{}}');
  writeFileSync(
    join(dist, 'index.html.br'),
    brotliCompressSync('<!doctype html><div id="root"></div>'),
  );
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

  it('sends the precompressed copy the browser accepts, and says the answer varies by it', async () => {
    const br = await t.request('GET', '/assets/big-0f0f0f.js', {
      headers: { 'accept-encoding': 'gzip, deflate, br, zstd' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBeLessThan(600);
    // what only a document uses stays off the thirty files a page loads; what guards a file stays
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-frame-options']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('xin chào');

    const gz = await t.request('GET', '/assets/big-0f0f0f.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('xin chào');

    const plain = await t.request('GET', '/assets/big-0f0f0f.js', {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('xin chào');

    const page = await t.request('GET', '/login', { headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('keeps the build manifest and source maps on the server', async () => {
    for (const path of ['/.vite/manifest.json', '/assets/big-0f0f0f.js.map']) {
      const response = await t.request('GET', path);
      expect(response.body).not.toContain('secret.tsx');
    }
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await t.request('GET', '/api/v1/nothing-here', { locale: 'en' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });
});
