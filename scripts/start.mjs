#!/usr/bin/env node
// `npm start`: build the admin app when its build is missing or older than any source
// file (apps/admin except tests, packages/shared/src), then run the API server, which
// serves the build at `/`. Signals are forwarded and the server's exit code is ours.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const adminDir = join(root, 'apps/admin');
const builtIndex = join(adminDir, 'dist/index.html');
const bin = (name) => join(root, 'node_modules/.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const isTest = (path) => /\.test\.[cm]?[jt]sx?$/.test(path) || path.includes(`${join('src', '__tests__')}`);
const skipped = new Set(['node_modules', 'dist', '.vite', 'coverage']);

/** The newest modification time among the sources that go into the build. */
const newestSource = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.')) continue;
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

export const buildAdminIfStale = () => {
  if (!adminBuildIsStale()) return;
  console.log(`[start] building the admin app (${relative(root, adminDir)}/dist is missing or stale)…`);
  const result = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: adminDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[start] the admin build failed');
    process.exit(result.status ?? 1);
  }
};

const main = () => {
  buildAdminIfStale();
  const server = spawn(bin('tsx'), [join(root, 'apps/api/src/server.ts')], { cwd: root, stdio: 'inherit', env: process.env });
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
