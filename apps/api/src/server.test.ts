import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript module without types
import { START_FLAGS } from '../../../scripts/build-server.mjs';
// @ts-expect-error plain JavaScript module without types
import { buildServerIfStale } from '../../../scripts/start.mjs';
import { openDatabase } from './db/connection';
import { MIGRATIONS } from './db/migrations';
import { createPostgresDatabase, ENGINE } from './test/test-app';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
// the compiled server `npm start` runs, as it runs it (with the code cache)
const server = join(root, 'apps/api/dist/server.cjs');
const loader = join(root, 'scripts/load-server.mjs');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** Runs the real server as `npm start` does, and collects what it prints. */
const start = (env: Record<string, string>, file = server) => {
  const child = spawn(process.execPath, [...START_FLAGS, loader, file], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  return { child, exited, output: () => output };
};

const cleanups: Array<() => Promise<void> | void> = [];
beforeAll(async () => {
  await buildServerIfStale();
}, 120_000);
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

describe('start-up', () => {
  it('migrates a fresh DATA_DIR, creates the first administrator once with a printed password, and serves', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-start-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = { DATA_DIR: dataDir, PORT: String(await freePort()) };
    if (ENGINE === 'postgres') {
      const database = await createPostgresDatabase();
      cleanups.push(database.drop);
      env.DATABASE_URL = database.url;
    }
    const run = async () => {
      const proc = start(env);
      let exited = false;
      void proc.exited.then(() => (exited = true));
      let health: Response | undefined;
      // until it answers or ends (the test's own time limit bounds a server that hangs)
      while (!health?.ok && !exited) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        health = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/health`).catch(() => undefined);
      }
      return { proc, health };
    };

    const startedAt = new Date().toISOString();
    const first = await run();
    expect(first.health?.status).toBe(200);
    const password = /Password \(shown only this once.*\): (\S+)/.exec(first.proc.output())?.[1];
    expect(password).toBeTruthy();
    if (ENGINE === 'sqlite') {
      expect(statSync(join(dataDir, 'backoffice.db')).size).toBeGreaterThan(0);
      expect(statSync(join(dataDir, 'app-secret')).mode & 0o777).toBe(0o600);
    }
    const login = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/clients/web/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password }),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const profile = await fetch(`http://127.0.0.1:${env.PORT}/api/v1/profile`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(((await profile.json()) as { code: string }).code).toBe('password_change_required');
    first.proc.child.kill('SIGTERM');
    expect(await first.proc.exited).toBe(0);
    if (ENGINE === 'sqlite') {
      // The first start copied the migrated database the build made (its migrations ran at
      // build time) instead of migrating step by step.
      const database = openDatabase(`sqlite:${join(dataDir, 'backoffice.db')}`);
      const { rows: applied } = await sql<{
        timestamp: string;
      }>`select timestamp from schema_migrations`.execute(database.db);
      await database.close();
      expect(applied).toHaveLength(Object.keys(MIGRATIONS).length);
      for (const row of applied) expect(row.timestamp < startedAt).toBe(true);
    }
    // Menus added one at a time leave their search index in many segments (one per commit).
    const file = join(dataDir, 'backoffice.db');
    const segments = () => {
      const sqlite = new SQLite(file, { readonly: true });
      try {
        return sqlite.prepare('select count(distinct segid) from menus_fts_idx').pluck().get();
      } finally {
        sqlite.close();
      }
    };
    if (ENGINE === 'sqlite') {
      const sqlite = new SQLite(file);
      const insert = sqlite.prepare(
        `insert into menus (key, title, search_text, created_at, updated_at) values (?, ?, ?, ?, ?)`,
      );
      for (let i = 0; i < 30; i++)
        insert.run(`menu-${i}`, `Menu ${i}`, `menu ${i} dau trang`, startedAt, startedAt);
      sqlite.close();
      expect(segments()).toBeGreaterThan(4);
    }

    // A second start keeps the data and creates nobody.
    const second = await run();
    expect(second.health?.status).toBe(200);
    expect(second.proc.output()).not.toMatch(/First administrator created/);
    // The start merged them into one in the background (db/search-upkeep.ts).
    if (ENGINE === 'sqlite')
      await expect.poll(segments, { timeout: 10_000, interval: 100 }).toBe(1);
    second.proc.child.kill('SIGTERM');
    await second.proc.exited;
  });

  it.each([
    [{ PORT: 'eighty' }, /^Configuration error: PORT must be a whole number between 1 and 65535/],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Configuration error: DATABASE_URL must be sqlite:PATH or postgres:/,
    ],
    [{ MEDIA_STORAGE: 'ftp' }, /^Configuration error: MEDIA_STORAGE must be local or s3/],
    [{ ADMIN_EMAIL: 'nope' }, /^Configuration error: ADMIN_EMAIL must be an email address/],
    [{ TRUST_PROXY: 'yes' }, /^Configuration error: TRUST_PROXY must be true or false/],
    [{ SITE_URL: 'shop.example' }, /^Configuration error: SITE_URL must be an http\(s\) URL/],
    [
      { PUBLIC_ORIGINS: 'https://shop.example, ftp://files.example' },
      /^Configuration error: PUBLIC_ORIGINS must be a comma-separated list of origins/,
    ],
  ])('stops on a bad setting with one line naming it: %j', async (env, message) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-bad-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const proc = start({ DATA_DIR: dataDir, ...env });
    expect(await proc.exited).toBe(1);
    const lines = proc
      .output()
      .trim()
      .split('\n')
      .filter((line) => !line.startsWith('npm warn'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(message);
  });

  it("writes V8's code cache once it listens, which the next start with the same flags takes", async () => {
    // a copy of the build at the same depth (its packages and the admin resolve the same way)
    const copy = mkdtempSync(join(root, 'apps/api/.code-cache-test-'));
    cleanups.push(() => rmSync(copy, { recursive: true, force: true }));
    const file = join(copy, 'server.cjs');
    copyFileSync(server, file);
    const cache = `${file}.v8-cache`;
    const dataDir = mkdtempSync(join(tmpdir(), 'bo-cache-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const proc = start({ DATA_DIR: dataDir, PORT: String(await freePort()) }, file);
    for (let i = 0; i < 400 && !existsSync(cache); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    proc.child.kill('SIGTERM');
    await proc.exited;
    expect(existsSync(cache)).toBe(true);
    // V8 says whether it takes the cache for this script under npm start's flags
    const check = spawnSync(
      process.execPath,
      [
        ...START_FLAGS,
        '-e',
        `const vm = require('node:vm'), fs = require('node:fs');
         const source = '(function (exports, require, module, __filename, __dirname) { ' + fs.readFileSync(process.argv[1], 'utf8') + '\\n})';
         const script = new vm.Script(source, { filename: process.argv[1], cachedData: fs.readFileSync(process.argv[1] + '.v8-cache') });
         process.stdout.write(script.cachedDataRejected ? 'rejected' : 'taken');`,
        file,
      ],
      { encoding: 'utf8' },
    );
    expect(check.stdout).toBe('taken');
  });
});
