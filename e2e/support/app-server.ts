import { type ChildProcess, spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
// @ts-expect-error plain JavaScript module without types
import { START_FLAGS } from '../../scripts/build-server.mjs';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

export type RunningApp = {
  baseUrl: string;
  dataDir: string;
  /** The copy of both builds the app runs from (see `copyBuilds`). */
  copy: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** The password printed once when ADMIN_PASSWORD was not given. */
  generatedPassword: () => string | null;
  stop: () => Promise<void>;
};

/**
 * Several people (and their test runs) rebuild the builds while a test server runs, and the
 * server only routes the asset files it saw at start. So each app runs from a copy of both
 * builds taken when it starts, laid out as in the checkout (`<copy>/apps/api/dist/server.cjs`
 * serves `<copy>/apps/admin/dist`) inside the checkout, so its packages resolve from
 * node_modules. The browser then talks to the server alone: no request interception, so its
 * HTTP and code caches work as a user's do.
 */
const copiesDir = join(ROOT, '.e2e-apps');

let buildsChecked: Promise<void> | null = null;
/** Rebuilds what `npm start` would rebuild (once per test process). */
const freshBuilds = () =>
  (buildsChecked ??= (async () => {
    // @ts-expect-error plain JavaScript module without types
    const start = (await import('../../scripts/start.mjs')) as {
      buildAdminIfStale: () => Promise<void>;
      buildServerIfStale: () => Promise<void>;
    };
    await start.buildAdminIfStale();
    await start.buildServerIfStale();
  })());

const copyBuilds = () => {
  mkdirSync(copiesDir, { recursive: true });
  const copy = mkdtempSync(join(copiesDir, 'app-'));
  cpSync(join(ROOT, 'apps/api/dist'), join(copy, 'apps/api/dist'), {
    recursive: true,
    filter: (source) => !source.endsWith('.map'),
  });
  cpSync(join(ROOT, 'apps/admin/dist'), join(copy, 'apps/admin/dist'), { recursive: true });
  return copy;
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });

const waitForHealth = async (
  baseUrl: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs: number,
) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the app exited with ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/v1/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the app did not answer /api/v1/health within ${timeoutMs} ms:\n${output()}`);
};

/**
 * Starts the real app as `npm start` does (builds what is stale, then runs the compiled server)
 * on a free port with a fresh DATA_DIR. `adminPassword: null` leaves ADMIN_PASSWORD unset,
 * so the first administrator gets a printed one-time password and must change it.
 */
export const startApp = async ({
  adminPassword = ADMIN_PASSWORD,
  host = '127.0.0.1',
  env: extraEnv = {},
}: {
  adminPassword?: string | null;
  /** HOST for the server (`0.0.0.0` serves the machine's network addresses too). */
  host?: string;
  /** More environment for the server (`SITE_URL`; `WEBHOOK_ALLOW_PRIVATE` to call a listener on this machine). */
  env?: Record<string, string>;
} = {}): Promise<RunningApp> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));
  await freshBuilds();
  const copy = copyBuilds();

  /**
   * Runs the app on a port free a moment ago. Another process (other test runs share the
   * machine) may take that port in between; then the app says so and exits, and another port
   * is tried.
   */
  const launch = async (attempt: number): Promise<RunningApp> => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      NODE_ENV: 'production',
      ...extraEnv,
    };
    delete env.DATABASE_URL;
    if (adminPassword) env.ADMIN_PASSWORD = adminPassword;
    else delete env.ADMIN_PASSWORD;

    let log = '';
    const child = spawn(
      process.execPath,
      [
        ...START_FLAGS,
        join(ROOT, 'scripts/load-server.mjs'),
        join(copy, 'apps/api/dist/server.cjs'),
      ],
      {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    const baseUrl = `http://127.0.0.1:${port}`;
    const output = () => log;

    const stop = async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(copy, { recursive: true, force: true });
    };

    try {
      await waitForHealth(baseUrl, child, output, 180_000);
    } catch (error) {
      if (attempt < 3 && /already in use/.test(log)) {
        // from scratch: the first administrator's one-time password is printed again
        rmSync(dataDir, { recursive: true, force: true });
        mkdirSync(dataDir);
        return launch(attempt + 1);
      }
      await stop();
      throw error;
    }
    return {
      baseUrl,
      dataDir,
      copy,
      output,
      generatedPassword: () =>
        /Password \(shown only this once[^)]*\):\s*(\S+)/.exec(log)?.[1] ?? null,
      stop,
    };
  };

  return launch(1);
};

/**
 * Writes a row of the `settings` table straight into the app's SQLite file, past the settings
 * API's rules (a `data:` logo, for instance): `setSettings(app, { site_name: 'Acme' })`. Takes
 * effect on the next request; `null` deletes the setting.
 */
export const setSettings = (app: RunningApp, values: Record<string, string | null>) => {
  const db = new Database(join(app.dataDir, 'backoffice.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const stamp = new Date().toISOString();
    const upsert = db.prepare(
      `insert into settings (key, title, value, created_at, updated_at) values (?, ?, ?, ?, ?)
       on conflict (key) do update set value = excluded.value, updated_at = excluded.updated_at`,
    );
    const remove = db.prepare('delete from settings where key = ?');
    db.transaction(() => {
      for (const [key, value] of Object.entries(values)) {
        if (value === null) remove.run(key);
        else upsert.run(key, key, value, stamp, stamp);
      }
    })();
  } finally {
    db.close();
  }
};
