#!/usr/bin/env node
// `npm start`: build the admin app when its build is missing or older than any source
// file (apps/admin except tests, packages/shared/src), then run the API server, which
// serves the build at `/`. Signals are forwarded and the server's exit code is ours.
// `node scripts/start.mjs --build-only` only builds (what `npm run build` runs).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminDir = join(root, 'apps/admin');
const builtIndex = join(adminDir, 'dist/index.html');
const bin = (name) =>
  join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const isTest = (path) =>
  /\.test\.[cm]?[jt]sx?$/.test(path) || path.includes(`${join('src', '__tests__')}`);
const skipped = new Set(['node_modules', 'dist', '.vite', 'coverage', '.build-lock']);

/** The newest modification time among the sources that go into the build. */
const newestSource = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.') || entry.name.startsWith('dist.'))
      continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!isTest(path)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

export const adminBuildIsStale = () => {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return Math.max(newestSource(adminDir), newestSource(join(root, 'packages/shared/src'))) > built;
};

const lockDir = join(adminDir, '.build-lock');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One build at a time on this checkout (several test harnesses may start the app at once). */
const withBuildLock = async (work) => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // a lock older than 3 minutes was left by a killed build
      if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > 180_000)
        rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline)
        throw new Error('[start] timed out waiting for another admin build');
      await sleep(250);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
};

/**
 * Builds into a fresh folder and swaps it in, keeping the previous build's hashed assets, so a
 * running server (and the pages it already served) never sees a half-written or missing chunk.
 */
const buildAdmin = () => {
  const dist = join(adminDir, 'dist');
  const next = join(adminDir, `dist.next-${process.pid}`);
  const old = join(adminDir, `dist.old-${process.pid}`);
  const result = spawnSync(
    bin('vite'),
    ['build', '--logLevel', 'warn', '--outDir', next, '--emptyOutDir'],
    {
      cwd: adminDir,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    console.error('[start] the admin build failed');
    process.exit(result.status ?? 1);
  }
  if (existsSync(join(dist, 'assets'))) {
    cpSync(join(dist, 'assets'), join(next, 'assets'), {
      recursive: true,
      force: false,
      errorOnExist: false,
    });
  }
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(next, dist);
  rmSync(old, { recursive: true, force: true });
};

export const buildAdminIfStale = async () => {
  if (!adminBuildIsStale()) return;
  await withBuildLock(async () => {
    if (!adminBuildIsStale()) return; // another process built it while we waited
    console.log(
      `[start] building the admin app (${relative(root, adminDir)}/dist is missing or stale)…`,
    );
    buildAdmin();
  });
};

const main = async () => {
  if (process.argv.includes('--build-only')) {
    // `npm run build`: always build, swapped in the same safe way
    await withBuildLock(async () => buildAdmin());
    return;
  }
  await buildAdminIfStale();
  const server = spawn(bin('tsx'), [join(root, 'apps/api/src/server.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  const forward = (signal) => () => {
    if (server.exitCode === null) server.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward(signal));
  server.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
  server.on('error', (error) => {
    console.error(`[start] could not run the API server: ${error.message}`);
    process.exit(1);
  });
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
