import { copyFileSync, existsSync, linkSync, rmSync } from 'node:fs';
import { sql } from 'kysely';
import { prepareDatabase } from './bootstrap';
import { openDatabase } from './db/connection';

/**
 * The compiled server's fresh SQLite database: an empty one with every migration applied, made
 * by the build beside dist/server.cjs (scripts/build-server.mjs). A first start copies it
 * instead of running the migrations one by one, as Rails loads a schema instead of replaying
 * its migrations; the start then migrates as usual, which finds nothing left to do.
 */
export const FRESH_DATABASE_FILE = 'fresh-database.sqlite';

/** The build's step: writes the migrated empty database to `file` (which must not exist). */
export const writeFreshDatabase = async (file: string) => {
  const database = openDatabase(`sqlite:${file}`);
  try {
    await prepareDatabase(database);
    // everything into the one file (it stays in WAL mode), so a copy of it is whole
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  } finally {
    await database.close();
  }
};

/**
 * Gives a SQLite `databaseUrl` whose file does not exist yet the build's fresh database,
 * when there is one. The copy is linked into place only when it is whole, and never over a
 * file another process made meanwhile. Anything else (PostgreSQL, an existing file, a
 * folder that cannot be written) is left to the normal start, which reports it.
 */
export const startFromFreshDatabase = (databaseUrl: string, template: string) => {
  if (!databaseUrl.startsWith('sqlite:')) return false;
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:' || existsSync(file) || !existsSync(template)) return false;
  const partial = `${file}.fresh-${process.pid}`;
  try {
    copyFileSync(template, partial);
    linkSync(partial, file);
    return true;
  } catch {
    return false;
  } finally {
    rmSync(partial, { force: true });
  }
};
