import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, freemem, totalmem, tmpdir, type as osType, release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createFirstAdmin } from '../apps/api/src/bootstrap';
import { openDatabase, type DatabaseHandle } from '../apps/api/src/db/connection';
// @ts-expect-error plain JavaScript module without types
import { START_FLAGS } from '../scripts/build-server.mjs';
import { migrate } from '../apps/api/src/db/migrate';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN = { email: 'bench@example.com', password: 'Bench-password-1' };

export type Measurement = {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  p50Ms: number;
  errors: number;
  note?: string;
};

export const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A fresh DATA_DIR with a migrated SQLite database and the bench administrator. */
export const prepareDataDir = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'bo-bench-'));
  const database = openDatabase(`sqlite:${join(dataDir, 'backoffice.db')}`);
  await migrate(database.db);
  await createFirstAdmin(database, { adminEmail: ADMIN.email, adminPassword: ADMIN.password });
  return { dataDir, database, cleanup: () => rmSync(dataDir, { recursive: true, force: true }) };
};

/**
 * Starts the real server as `npm start` runs it (compiled, built when stale) in its own process, so load and server do not share a thread.
 * `BENCH_NODE_FLAGS` adds Node flags to it, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` (Node 20 refuses those in NODE_OPTIONS).
 */
export const startServer = async (dataDir: string, env: Record<string, string> = {}) => {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      ...START_FLAGS,
      ...(process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? []),
      join(root, 'scripts/start.mjs'),
    ],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const ok = await fetch(`${base}/api/v1/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (i === 600) throw new Error('the server did not answer /api/v1/health within 2 minutes');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const login = await fetch(`${base}/api/v1/clients/web/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  return {
    base,
    token,
    pid: child.pid!,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};

/** Load from autocannon: a fixed duration, a few connections, every answer checked for 2xx. */
export const measure = async (
  name: string,
  url: string,
  headers: Record<string, string> = {},
  options: { duration?: number; connections?: number } = {},
): Promise<Measurement> => {
  const result = await autocannon({
    url,
    headers,
    duration: options.duration ?? 10,
    connections: options.connections ?? 10,
  });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
  };
};

export const machine = () => {
  const cpu = cpus();
  return `${cpu[0]?.model ?? 'unknown CPU'} × ${cpu.length} cores, ${(totalmem() / 1024 ** 3).toFixed(1)} GiB RAM (${(freemem() / 1024 ** 3).toFixed(1)} free), ${osType()} ${release()}, Node ${process.version}`;
};

export type BenchScenario = {
  /** BENCHMARKS.md section this scenario writes. */
  section: string;
  run: (ctx: { database: DatabaseHandle; dataDir: string }) => Promise<string>;
};
