import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { securityHeaders } from './security-headers';

const dist = mkdtempSync(join(tmpdir(), 'bo-dist-'));
let direct: TestApp;
let proxied: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  direct = await createTestApp({}, { adminDist: dist });
  proxied = await createTestApp({ TRUST_PROXY: 'true' }, { adminDist: dist });
});
afterAll(async () => {
  await direct?.close();
  await proxied?.close();
  rmSync(dist, { recursive: true, force: true });
});

const upgrades = (csp: unknown) => String(csp).includes('upgrade-insecure-requests');

describe('HTTPS-only headers', () => {
  it('over plain HTTP (an office machine at http://192.168.1.20:3000) the page loads its scripts over HTTP', async () => {
    for (const path of ['/login', '/api/v1/health']) {
      const response = await direct.request('GET', path, {
        headers: { host: '192.168.1.20:3000' },
      });
      expect(response.statusCode).toBe(200);
      // a page may run the app's scripts; an API answer may run nothing
      expect(response.headers['content-security-policy']).toContain(
        path === '/login' ? "script-src 'self'" : "default-src 'none'",
      );
      expect(upgrades(response.headers['content-security-policy'])).toBe(false);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      // ignored there by the browser, with an error in the console
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
    }
    const local = await direct.request('GET', '/login', { headers: { host: '127.0.0.1:3000' } });
    expect(local.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('behind a trusted proxy that says https, upgrades requests and sends HSTS', async () => {
    const response = await proxied.request('GET', '/login', {
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.9' },
    });
    expect(upgrades(response.headers['content-security-policy'])).toBe(true);
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    const plain = await proxied.request('GET', '/login', {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(upgrades(plain.headers['content-security-policy'])).toBe(false);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends an API answer the short policy of data: nothing loads, frames or runs from it', async () => {
    const response = await proxied.request('GET', '/api/v1/health', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    // the page-only headers stay on pages
    expect(response.headers['x-xss-protection']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('does not believe X-Forwarded-Proto without TRUST_PROXY', async () => {
    const response = await direct.request('GET', '/login', {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(upgrades(response.headers['content-security-policy'])).toBe(false);
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('over HTTPS served directly, upgrades requests and sends HSTS', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bo-tls-'));
    try {
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-subj',
          '/CN=localhost',
          '-days',
          '1',
          '-keyout',
          join(dir, 'key.pem'),
          '-out',
          join(dir, 'cert.pem'),
        ],
        { stdio: 'ignore' },
      );
      const app = Fastify({
        https: {
          key: readFileSync(join(dir, 'key.pem')),
          cert: readFileSync(join(dir, 'cert.pem')),
        },
      });
      await app.register(securityHeaders());
      app.get('/', async () => 'ok');
      await app.listen({ port: 0, host: '127.0.0.1' });
      try {
        const { port } = app.server.address() as { port: number };
        const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
          request({ host: '127.0.0.1', port, path: '/', rejectUnauthorized: false }, (response) => {
            response.resume();
            resolve(response.headers);
          })
            .on('error', reject)
            .end();
        });
        expect(upgrades(headers['content-security-policy'])).toBe(true);
        expect(headers['strict-transport-security']).toMatch(/max-age=31536000/);
      } finally {
        await app.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
