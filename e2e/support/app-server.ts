import { type ChildProcess, spawn } from 'node:child_process';
import Database from 'better-sqlite3';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'E2e-Admin-Passw0rd!';

export type RunningApp = {
  baseUrl: string;
  dataDir: string;
  /** A copy of apps/admin/dist taken when the app started (see `adminSnapshots`). */
  adminSnapshot: string;
  /** Everything the server printed so far. */
  output: () => string;
  /** The password printed once when ADMIN_PASSWORD was not given. */
  generatedPassword: () => string | null;
  stop: () => Promise<void>;
};

/**
 * Several people (and their test runs) rebuild apps/admin/dist while a test server runs; the
 * server only routes the asset files it saw at start. So each app's build is copied when it
 * starts, and the browser pages of `openPage` are served from that copy (API calls still go to
 * the server). base URL → snapshot folder.
 */
export const adminSnapshots = new Map<string, string>();

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
 * Starts the real app as `npm start` does (builds the admin when stale, then the API server)
 * on a free port with a fresh DATA_DIR. `adminPassword: null` leaves ADMIN_PASSWORD unset,
 * so the first administrator gets a printed one-time password and must change it.
 */
export const startApp = async ({
  adminPassword = ADMIN_PASSWORD,
  host = '127.0.0.1',
}: {
  adminPassword?: string | null;
  /** HOST for the server (`0.0.0.0` serves the machine's network addresses too). */
  host?: string;
} = {}): Promise<RunningApp> => {
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-e2e-'));

  /**
   * Runs the app on a port free a moment ago. Another process (other test runs share the
   * machine) may take that port in between; then the app says so and exits, and another port
   * is tried.
   */
  const launch = async (attempt: number): Promise<Omit<RunningApp, 'adminSnapshot'>> => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      ADMIN_EMAIL,
      NODE_ENV: 'production',
    };
    delete env.DATABASE_URL;
    if (adminPassword) env.ADMIN_PASSWORD = adminPassword;
    else delete env.ADMIN_PASSWORD;

    let log = '';
    const child = spawn(process.execPath, [join(ROOT, 'scripts/start.mjs')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
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
      adminSnapshots.delete(baseUrl);
      rmSync(dataDir, { recursive: true, force: true });
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
      output,
      generatedPassword: () =>
        /Password \(shown only this once[^)]*\):\s*(\S+)/.exec(log)?.[1] ?? null,
      stop,
    };
  };

  const running = await launch(1);
  const adminSnapshot = join(dataDir, 'admin-snapshot');
  cpSync(join(ROOT, 'apps/admin/dist'), adminSnapshot, { recursive: true });
  adminSnapshots.set(running.baseUrl, adminSnapshot);
  return { ...running, adminSnapshot };
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
