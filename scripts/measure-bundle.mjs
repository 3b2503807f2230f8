#!/usr/bin/env node
// Measures the admin build: the gzipped JavaScript the /login route loads, and each chunk.
// Usage: node scripts/measure-bundle.mjs [--build] [--markdown | --write]
//   --write replaces the "Admin bundle" section of BENCHMARKS.md (other sections are kept).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildAdminIfStale } from './start.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/admin/dist');
const args = new Set(process.argv.slice(2));

// --build: build as `npm start` does (only when stale; swapped in without disturbing a running server)
if (args.has('--build')) await buildAdminIfStale();

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

// index.html, and the signed-in preload script it loads first (src/signed-in-preload.ts)
const entryKeys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
const findKey = (suffix) => Object.keys(manifest).find((key) => key.endsWith(suffix));
// The /login route: the entry, the login screen, and the vi texts it needs (default language).
const loginKeys = new Set([
  ...entryKeys.flatMap((key) => [...closure(key)]),
  ...closure(findKey('features/auth/pages/login-page.tsx')),
  ...[
    'locales/vi/common.json',
    'locales/vi/layout.json',
    'locales/vi/auth.json',
    'antd/locale/vi_VN.js',
  ].flatMap((suffix) => [...closure(findKey(suffix) ?? '')]),
]);
const loginFiles = [...new Set([...loginKeys].map((key) => manifest[key].file))];
const loginGzip = loginFiles.reduce((sum, file) => sum + gzipOf(file), 0);

const rows = Object.entries(manifest)
  .filter(([, chunk]) => chunk.file.endsWith('.js'))
  .map(([key, chunk]) => ({
    key,
    file: chunk.file,
    raw: readFileSync(join(dist, chunk.file)).length,
    gzip: gzipOf(chunk.file),
  }))
  .sort((a, b) => b.gzip - a.gzip);
const uniqueRows = [...new Map(rows.map((row) => [row.file, row])).values()];
const total = uniqueRows.reduce((sum, row) => sum + row.gzip, 0);

const markdown = () => {
  const lines = [
    '## Admin bundle',
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`node scripts/measure-bundle.mjs --build --write\` ` +
      `(vite production build, gzip level 9; ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}).`,
    '',
    `JavaScript the **/login** route loads (entry, login screen, the vi texts and Ant Design's vi locale): ` +
      `**${kb(loginGzip)} gzipped** in ${loginFiles.length} files (aim: under 250 KB).`,
    `Everything behind the sign-in (layout, generic list and form, zod, each screen) comes as its own chunks on demand; ` +
      `all JavaScript together: ${kb(total)} gzipped in ${uniqueRows.length} chunks.`,
    'The entry chunk holds everything the first screen runs (react-dom, i18next, TanStack Query, the parts of ' +
      'Ant Design the sign-in form uses: apps/admin/vite-plugins/boot-chunk.ts); shared chunks are named after one of their modules.',
    '',
    '| chunk (source) | raw | gzip | on /login |',
    '| --- | ---: | ---: | :---: |',
    ...uniqueRows
      .filter((one) => one.gzip >= 1024)
      .map(
        (row) =>
          `| ${row.key} | ${kb(row.raw)} | ${kb(row.gzip)} | ${loginFiles.includes(row.file) ? 'yes' : ''} |`,
      ),
    `| ${uniqueRows.filter((one) => one.gzip < 1024).length} more chunks under 1 KB each (texts, icons, small modules) | | | |`,
  ];
  return lines.join('\n');
};

if (args.has('--write')) {
  const file = join(root, 'BENCHMARKS.md');
  const start = '<!-- bench:Admin bundle:start -->';
  const end = '<!-- bench:Admin bundle:end -->';
  const section = `${start}\n${markdown()}\n${end}`;
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const next =
    current.includes(start) && current.includes(end)
      ? current.slice(0, current.indexOf(start)) +
        section +
        current.slice(current.indexOf(end) + end.length)
      : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  console.log(`BENCHMARKS.md: Admin bundle section written (/login: ${kb(loginGzip)} gzipped)`);
} else if (args.has('--markdown')) {
  console.log(markdown());
} else {
  console.log(`login route: ${kb(loginGzip)} gzipped JavaScript (${loginFiles.length} files)`);
  for (const row of uniqueRows)
    console.log(
      `${kb(row.gzip).padStart(10)}  ${row.file}  (${row.key})${loginFiles.includes(row.file) ? '  [login]' : ''}`,
    );
  console.log(`total: ${kb(total)} gzipped`);
}
