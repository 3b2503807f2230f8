import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { createRequire } from 'node:module';
import type pgModule from 'pg';
import type { Database } from './types';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
};

let pgLoaded: typeof pgModule | undefined;

/** The PostgreSQL driver, loaded only when a PostgreSQL database is opened (it costs 15 MB). */
const loadPg = (): typeof pgModule => {
  if (pgLoaded) return pgLoaded;
  const pg = createRequire(import.meta.url)('pg') as typeof pgModule;
  // Times come back as ISO strings and dates as YYYY-MM-DD on both engines;
  // counts (int8) as numbers.
  pg.types.setTypeParser(1184, (value) => new Date(value).toISOString());
  pg.types.setTypeParser(1114, (value) => new Date(value + 'Z').toISOString());
  pg.types.setTypeParser(1082, (value) => value);
  pg.types.setTypeParser(20, (value) => Number(value));
  return (pgLoaded = pg);
};

/**
 * better-sqlite3 behind Kysely, with two adjustments: booleans are bound as
 * 1/0 (SQLite has no boolean and the driver refuses them), and prepared
 * statements are kept by their SQL text, since the same few queries repeat.
 */
const STATEMENT_CACHE_SIZE = 500;

/** Per connection, the streamed reads under way: each holds a snapshot of the database open. */
const openStreams = new WeakMap<SQLite.Database, number>();

function* streamed<T>(sqlite: SQLite.Database, rows: IterableIterator<T>) {
  openStreams.set(sqlite, (openStreams.get(sqlite) ?? 0) + 1);
  try {
    yield* rows;
  } finally {
    openStreams.set(sqlite, openStreams.get(sqlite)! - 1);
  }
}

const sqliteDatabase = (sqlite: SQLite.Database): SqliteDatabase => {
  const statements = new Map<string, SQLite.Statement>();
  const bind = (parameters: ReadonlyArray<unknown>) =>
    parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value));
  const statementFor = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      statement = sqlite.prepare(text);
      if (statements.size >= STATEMENT_CACHE_SIZE)
        statements.delete(statements.keys().next().value!);
      statements.set(text, statement);
    }
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare: (text: string): SqliteStatement => {
      const statement = statementFor(text);
      return {
        reader: statement.reader,
        all: (parameters) => statement.all(bind(parameters)),
        run: (parameters) => statement.run(bind(parameters)),
        iterate: (parameters) => streamed(sqlite, statement.iterate(bind(parameters))),
      };
    },
  };
};

/**
 * The SQL function that lowercases text of any script on SQLite, as JavaScript's
 * `toLowerCase` does: SQLite's own `lower()` folds only A–Z, so `Đại` would never match
 * `đại` there while PostgreSQL's `lower()` matches it. Registered on every connection
 * `openDatabase` makes.
 */
export const SQLITE_LOWER = 'unicode_lower';

/** SQLite's page cache per connection, in KiB. */
export const SQLITE_CACHE_KIB = 64 * 1024;

const lowerAnyScript = (value: unknown) =>
  typeof value === 'string' ? value.toLowerCase() : value;

export const engineOf = <T>(db: Kysely<T>): Engine =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

const sqliteConnections = new WeakMap<Db, SQLite.Database>();

/**
 * The SQLite connection behind `db` when a statement may run on it at once, synchronously, and
 * see what is committed now: no transaction holds it (it would see that transaction's writes)
 * and no streamed read (an export's rows) holds the snapshot it started on (it would miss what
 * other processes committed since). Undefined otherwise, on PostgreSQL, and for a handle with
 * plugins (`withPlugin` makes another one): go through Kysely, which waits its turn. For the
 * one-row read every public request makes first: Kysely's way to the one connection is several
 * promise steps and a lock, more than the read itself.
 */
export const idleSqlite = (db: Db): SQLite.Database | undefined => {
  const sqlite = sqliteConnections.get(db);
  return sqlite && !sqlite.inTransaction && !openStreams.get(sqlite) ? sqlite : undefined;
};

export const openDatabase = (url: string): DatabaseHandle => {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    // Savepoint and statement journals in memory: each transaction of a group commit runs in a
    // savepoint (db/transaction.ts), and a slip's savepoint journal outgrows the 64 KiB SQLite
    // keeps in memory before it spills to a temporary file: about a fifth of an export slip's
    // time went to writing and reading that file back.
    sqlite.pragma('temp_store = MEMORY');
    // 64 MiB of pages kept in SQLite's own cache instead of its default 2 MiB: a search at a
    // million posts reads about 900 pages, and with the default most were read again from the
    // operating system on every request (a third more searches per second with this).
    // It fills only as pages are read: a small database never takes it all.
    sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
    sqlite.function(SQLITE_LOWER, { deterministic: true }, lowerAnyScript);
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqliteDatabase(sqlite) }),
    });
    sqliteConnections.set(db, sqlite);
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  // A server that does not answer at all fails the request (503) after 5 s instead of holding it.
  const pool = new (loadPg().Pool)({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
  });
  // An idle connection that the server ends (a restart, a failover) must not
  // take the process down; the pool opens a new one on the next query.
  pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
  // Nor one that dies while a request holds it: its query fails (and answers 503), but the
  // connection's own error event has no other listener then and would end the process.
  pool.on('connect', (client) => client.on('error', () => undefined));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
};
