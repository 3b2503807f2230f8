#!/usr/bin/env node
// `npm run backup [-- DIR]`: a consistent copy of the embedded SQLite database (SQLite's online
// backup, safe while the server runs and writes), the media folder and the app secret, into DIR
// (default ./backups/backoffice-<time>). On PostgreSQL it says how to use pg_dump instead.
// Reads DATA_DIR, DATABASE_URL and MEDIA_STORAGE as the server does (same defaults).
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';

const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || `sqlite:${join(dataDir, 'backoffice.db')}`;
const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
const target = resolve(process.argv[2] || join('backups', `backoffice-${stamp}`));

if (/^postgres(ql)?:/i.test(databaseUrl)) {
  console.error(
    'DATABASE_URL is PostgreSQL: back it up with its own tools, e.g.\n' +
      '  pg_dump --format=custom --file=backoffice.dump "$DATABASE_URL"\n' +
      'and restore with pg_restore --clean --dbname="$DATABASE_URL" backoffice.dump.\n' +
      "Media files: copy DATA_DIR/media (MEDIA_STORAGE=local) or use your object store's own copies (S3).",
  );
  process.exit(2);
}
if (!databaseUrl.startsWith('sqlite:')) {
  console.error(`DATABASE_URL must be sqlite:PATH or postgres://…, not ${databaseUrl}`);
  process.exit(1);
}
const databaseFile = resolve(databaseUrl.slice('sqlite:'.length));
if (!existsSync(databaseFile)) {
  console.error(`No database at ${databaseFile} (DATA_DIR / DATABASE_URL)`);
  process.exit(1);
}
if (existsSync(target) && readdirSync(target).length > 0) {
  console.error(`${target} is not empty: choose a new folder`);
  process.exit(1);
}
mkdirSync(target, { recursive: true });

// The online backup copies pages while other connections keep writing, and restarts the pages
// a writer changed meanwhile: the copy is the database as it was at one moment.
const source = new Database(databaseFile, { fileMustExist: true });
source.pragma('busy_timeout = 5000');
const copyFile = join(target, 'backoffice.db');
try {
  await source.backup(copyFile);
} finally {
  source.close();
}
const copy = new Database(copyFile, { readonly: true });
const integrity = copy.pragma('integrity_check', { simple: true });
copy.close();
if (integrity !== 'ok') {
  console.error(`The copy fails SQLite's integrity check: ${integrity}`);
  process.exit(1);
}

const copied = ['backoffice.db'];
// Tokens, sign-in challenges and two-factor secrets are keyed with it: a restore needs it too.
const secret = join(dataDir, 'app-secret');
if (existsSync(secret)) {
  copyFileSync(secret, join(target, 'app-secret'));
  copied.push('app-secret');
}
const media = join(dataDir, 'media');
if ((process.env.MEDIA_STORAGE || 'local') === 'local' && existsSync(media)) {
  cpSync(media, join(target, 'media'), { recursive: true, preserveTimestamps: true });
  copied.push('media/');
}
console.log(`Backup written to ${target}: ${copied.join(', ')}`);
console.log(
  'Restore: stop the server, put these back into DATA_DIR (backoffice.db, app-secret, media/), start it.',
);
