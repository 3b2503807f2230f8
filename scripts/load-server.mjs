#!/usr/bin/env node
// Runs the compiled server (apps/api/dist/server.cjs, one CommonJS file) with V8's code cache.
// Node 20 keeps no compile cache of its own (module.enableCompileCache came with Node 22), and
// compiling the 3 MB script was a quarter of every start. A start without a usable cache
// writes one beside the script once the server listens, when it holds every function the
// start ran (the build makes one so: scripts/build-server.mjs); V8 refuses a cache made by
// another Node version or with other flags, and it is then rewritten.
// `node scripts/load-server.mjs <server.cjs>` runs that file (the browser tests run copies).
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

export const cacheFileOf = (file) => `${file}.v8-cache`;

export const runServer = (file) => {
  const cacheFile = cacheFileOf(file);
  let cachedData;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    // first start of this build
  }
  // Node's own CommonJS wrapper, on one line, so line numbers match the file's
  const source = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(file, 'utf8')}\n})`;
  const script = new vm.Script(source, { filename: file, cachedData });
  const module = { exports: {}, filename: file, id: file };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file));
  if (cachedData && !script.cachedDataRejected) return;
  // the server emits this once it listens (apps/api/src/server.ts)
  process.once('backoffice:listening', () =>
    setImmediate(() => {
      const temporary = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(temporary, script.createCachedData());
        renameSync(temporary, cacheFile);
      } catch {
        // a read-only checkout starts without it
        rmSync(temporary, { force: true });
      }
    }),
  );
};

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1]))
  runServer(resolve(process.argv[2] ?? 'apps/api/dist/server.cjs'));
