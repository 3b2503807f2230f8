// Brotli and gzip copies of the admin build's text files, made once at build time, so the
// server sends `x.js.br` or `x.js.gz` as the browser's Accept-Encoding allows without
// compressing anything per request (@fastify/static's `preCompressed`).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|ico|wasm)$/;
// Below this size the headers of a compressed answer cost about what compression saves.
const MIN_BYTES = 1024;

const filesUnder = async (dir) =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name));

/** Writes `<file>.br` and `<file>.gz` beside each compressible file that gains from it. */
export const precompress = async (dir) => {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  // zlib's asynchronous calls run on libuv's thread pool: a few files at once use every core
  const queue = [...files];
  const worker = async () => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      const data = await readFile(file);
      if (data.length < MIN_BYTES) continue;
      const [br, gzipped] = await Promise.all([
        brotli(data, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
          },
        }),
        gz(data, { level: 9 }),
      ]);
      if (br.length < data.length * 0.9) await writeFile(`${file}.br`, br);
      if (gzipped.length < data.length * 0.9) await writeFile(`${file}.gz`, gzipped);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
};
