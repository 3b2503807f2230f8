#!/usr/bin/env node
// Measures the admin build: the gzipped JavaScript the /login route loads, and each chunk.
// Usage: node scripts/measure-bundle.mjs [--build] [--markdown]
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/admin/dist');
const args = new Set(process.argv.slice(2));

if (args.has('--build')) {
  const result = spawnSync(join(root, 'node_modules/.bin/vite'), ['build', '--logLevel', 'warn'], {
    cwd: join(root, 'apps/admin'),
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipOf = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Every chunk a manifest entry needs statically (itself and its imports). */
const closure = (key, seen = new Set()) => {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
};

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const findKey = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
// The /login route: the entry, the login screen, and the vi texts it needs (default language).
const loginKeys = new Set([
  ...closure(entryKey),
  ...closure(findKey('features/auth/pages/login-page.tsx')),
  ...['locales/vi/common.json', 'locales/vi/layout.json', 'locales/vi/auth.json'].flatMap(
    (suffix) => [...closure(findKey(suffix) ?? '')],
  ),
]);
const loginFiles = [...new Set([...loginKeys].map((key) => manifest[key].file))];
const loginGzip = loginFiles.reduce((sum, file) => sum + gzipOf(file), 0);

const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({ key, file: chunk.file, raw: readFileSync(join(dist, chunk.file)).length, gzip: gzipOf(chunk.file) }))
  .sort((a, b) => b.gzip - a.gzip);
const uniqueRows = [...new Map(rows.map((row) => [row.file, row])).values()];
const total = uniqueRows.reduce((sum, row) => sum + row.gzip, 0);

if (args.has('--markdown')) {
  console.log(`JavaScript loaded by /login: **${kb(loginGzip)} gzipped** in ${loginFiles.length} files (aim: under 250 KB).`);
  console.log(`All JavaScript: ${kb(total)} gzipped in ${uniqueRows.length} chunks.\n`);
  console.log('| chunk (source) | raw | gzip | on /login |');
  console.log('| --- | ---: | ---: | :---: |');
  for (const row of uniqueRows.filter((one) => one.gzip >= 1024)) {
    console.log(`| ${row.key} | ${kb(row.raw)} | ${kb(row.gzip)} | ${loginFiles.includes(row.file) ? 'yes' : ''} |`);
  }
  console.log(`| ${uniqueRows.filter((one) => one.gzip < 1024).length} chunks under 1 KB each (texts, icons) | | | |`);
} else {
  console.log(`login route: ${kb(loginGzip)} gzipped JavaScript (${loginFiles.length} files)`);
  for (const row of uniqueRows) console.log(`${kb(row.gzip).padStart(10)}  ${row.file}  (${row.key})${loginFiles.includes(row.file) ? '  [login]' : ''}`);
  console.log(`total: ${kb(total)} gzipped`);
}
