#!/usr/bin/env node
// `npm start`: build the admin app and the compiled API server when a build is missing or
// older than any source file (apps/admin and apps/api except tests, packages/shared/src),
// then run the compiled server in this same process (no TypeScript loader, no second Node
// process), which serves the admin build at `/`.
// `node scripts/start.mjs --build-only` only builds both (what `npm run build` runs).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';
import { buildServer, serverBuildIsStale, serverEntry } from './build-server.mjs';
import { runServer } from './load-server.mjs';

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** One build at a time on this checkout (several test harnesses may start the app at once). */
const withBuildLock = async (work, lockDir = join(adminDir, '.build-lock')) => {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch {
      // a lock older than 3 minutes was left by a killed build
      if (existsSync(lockDir) && Date.now() - statSync(lockDir).mtimeMs > 180_000)
        rmSync(lockDir, { recursive: true, force: true });
      if (Date.now() > deadline) throw new Error('[start] timed out waiting for another build');
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
const buildAdmin = async () => {
  const dist = join(adminDir, 'dist');
  const next = join(adminDir, `dist.next-${process.pid}`);
  const old = join(adminDir, `dist.old-${process.pid}`);
  const result = spawnSync(
    bin('vite'),
    ['build', '--logLevel', 'warn', '--outDir', next, '--emptyOutDir'],
    {
      cwd: adminDir,
      stdio: 'inherit',
      // Vite keeps a NODE_ENV it finds: a build started from inside a test run (vitest sets
      // NODE_ENV=test) shipped libraries' development warnings to the browser tests.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) {
    rmSync(next, { recursive: true, force: true });
    console.error('[start] the admin build failed');
    process.exit(result.status ?? 1);
  }
  await precompress(next);
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
    await buildAdmin();
  });
};

const serverLock = join(root, 'apps/api/.build-lock');

export const buildServerIfStale = async () => {
  if (!serverBuildIsStale()) return;
  await withBuildLock(async () => {
    if (!serverBuildIsStale()) return;
    console.log('[start] compiling the API server (apps/api/dist is missing or stale)…');
    await buildServer();
  }, serverLock);
};

const main = async () => {
  if (process.argv.includes('--build-only')) {
    // `npm run build`: always build, swapped in the same safe way
    await withBuildLock(async () => buildAdmin());
    await withBuildLock(() => buildServer(), serverLock);
    return;
  }
  await buildAdminIfStale();
  await buildServerIfStale();
  // The compiled server starts itself when run: it reads the configuration, migrates,
  // listens, and handles SIGINT/SIGTERM; its exit code is this process's.
  runServer(serverEntry);
};

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
