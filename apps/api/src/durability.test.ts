import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPostgresDatabase, ENGINE } from './test/test-app';

/**
 * The real server in a process of its own, killed with SIGKILL (no shutdown of any kind) while
 * writes are in flight: every write it acknowledged is there after a restart, and SQLite's
 * integrity check passes each time. 12 rounds of 500 writes on SQLite, each round killed
 * after a random number of them: what is proven is where the kills land, not how many writes
 * a round sends (`DURABILITY_ROUNDS` tries more). PostgreSQL's durability is its own, so 3
 * rounds there prove only that the app does not answer before it commits.
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const ROUNDS = Number(process.env.DURABILITY_ROUNDS ?? (ENGINE === 'sqlite' ? 12 : 3));
const WRITES_PER_ROUND = 500;
const IN_FLIGHT = 4;
const PASSWORD = 'Durable-admin-pass-1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

let dataDir: string;
let env: Record<string, string>;
let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  // the compiled server, as `npm start` runs it (built here when missing or stale)
  const build = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('./scripts/build-server.mjs'); if (m.serverBuildIsStale()) await m.buildServer();",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`server build: ${build.stderr}`);
  dataDir = mkdtempSync(join(tmpdir(), 'bo-durability-'));
  const pg = ENGINE === 'postgres' ? await createPostgresDatabase() : undefined;
  dropDatabase = pg?.drop;
  env = {
    ...(process.env as Record<string, string>),
    DATA_DIR: dataDir,
    DATABASE_URL: pg?.url ?? `sqlite:${join(dataDir, 'backoffice.db')}`,
    ADMIN_PASSWORD: PASSWORD,
    APP_SECRET: 'durability-test-secret-that-is-long-enough',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
  };
});

afterAll(async () => {
  await dropDatabase?.();
  rmSync(dataDir, { recursive: true, force: true });
});

type Running = { child: ChildProcess; base: string; token: string };

const start = async (): Promise<Running> => {
  const port = await freePort();
  const child = spawn(process.execPath, ['apps/api/dist/server.cjs'], {
    cwd: ROOT,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk) => (stderr += String(chunk)));
  const base = `http://127.0.0.1:${port}/api/v1`;
  for (let i = 0; i < 300; i++) {
    const health = await fetch(`${base}/health`).catch(() => undefined);
    if (health?.ok) break;
    if (child.exitCode !== null) throw new Error(`the server stopped: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const login = await fetch(`${base}/clients/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status} ${await login.text()} ${stderr}`);
  return { child, base, token: ((await login.json()) as { access_token: string }).access_token };
};

const kill = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/**
 * Writes until `count` are sent or the server dies; answers the sources it acknowledged.
 * `onAcknowledged` hears the running count (the kill is timed by it).
 */
const writeUntilKilled = async (
  server: Running,
  round: number,
  count: number,
  onAcknowledged: (acknowledged: number) => void = () => {},
) => {
  const acknowledged: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const source = `/durable-${round}-${next++}`;
      try {
        const response = await fetch(`${server.base}/redirects`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
          body: JSON.stringify({ source, destination: '/kept' }),
        });
        if (response.status === 201) {
          acknowledged.push(source);
          onAcknowledged(acknowledged.length);
        }
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return acknowledged;
};

const storedSources = async (server: Running) => {
  const found = new Set<string>();
  for (let page = 1; ; page++) {
    const response = await fetch(`${server.base}/redirects?limit=100&page=${page}`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    const body = (await response.json()) as {
      data: Array<{ source: string }>;
      meta: { pagination: { total_pages: number } };
    };
    for (const row of body.data) found.add(row.source);
    if (page >= body.meta.pagination.total_pages) return found;
  }
};

describe('durability', () => {
  it(`keeps every acknowledged write through ${ROUNDS} kills with SIGKILL at a random moment`, async () => {
    const acknowledged: string[] = [];
    let sent = 0;
    let interrupted = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const server = await start();
      // killed at a random moment among this round's writes: once a random number of them was
      // acknowledged, with others still in flight
      const killAt = 1 + Math.floor(Math.random() * (WRITES_PER_ROUND - IN_FLIGHT));
      const written = await writeUntilKilled(server, round, WRITES_PER_ROUND, (count) => {
        if (count === killAt) void kill(server.child);
      });
      sent += WRITES_PER_ROUND;
      await kill(server.child);
      acknowledged.push(...written);
      if (written.length < WRITES_PER_ROUND) interrupted += 1;
      if (ENGINE === 'sqlite') {
        const db = new Database(join(dataDir, 'backoffice.db'));
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        db.close();
      }
    }
    const last = await start();
    try {
      const stored = await storedSources(last);
      expect(acknowledged.filter((source) => !stored.has(source))).toEqual([]);
      expect(acknowledged.length).toBeGreaterThan(0);
      expect(sent).toBe(ROUNDS * WRITES_PER_ROUND);
      // the kills did land among the writes
      expect(interrupted).toBeGreaterThan(0);
    } finally {
      await kill(last.child);
    }
  }, 300_000);
});

describe('npm run backup', () => {
  it.runIf(ENGINE === 'sqlite')(
    'copies the database consistently while the server writes, with the media folder and the secret',
    async () => {
      const media = join(dataDir, 'media', '2026', '12');
      mkdirSync(media, { recursive: true });
      writeFileSync(join(media, 'photo.webp'), 'not really a picture');
      const server = await start();
      try {
        const target = join(dataDir, 'backup-copy');
        const writing = writeUntilKilled(server, 1000, 200);
        const backup = spawnSync(process.execPath, ['scripts/backup.mjs', target], {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        });
        await writing;
        expect(backup.status, backup.stderr).toBe(0);
        expect(backup.stdout).toContain('backoffice.db, app-secret, media/');
        expect(readdirSync(join(target, 'media', '2026', '12'))).toEqual(['photo.webp']);
        const copy = new Database(join(target, 'backoffice.db'), { readonly: true });
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
        const users = copy.prepare('select count(*) as n from users').get() as { n: number };
        expect(users.n).toBe(1);
        copy.close();
        // an empty folder is asked for: a backup never mixes with another
        const again = spawnSync(process.execPath, ['scripts/backup.mjs', target], {
          cwd: ROOT,
          env,
          encoding: 'utf8',
        });
        expect(again.status).toBe(1);
      } finally {
        await kill(server.child);
      }
    },
    60_000,
  );

  it('says to use pg_dump on PostgreSQL', () => {
    const result = spawnSync(process.execPath, ['scripts/backup.mjs', join(dataDir, 'pg-copy')], {
      cwd: ROOT,
      env: { ...env, DATABASE_URL: 'postgres://someone@127.0.0.1:5432/shop' },
      encoding: 'utf8',
    });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('pg_dump');
  });
});
