import { Migrator, sql, SqliteAdapter, type MigrationProvider } from 'kysely';
import type { Db } from './connection';
import { MIGRATIONS } from './migrations';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

const everyMigrationApplied = async (db: Db) => {
  let applied;
  try {
    ({ rows: applied } = await sql<{ name: string }>`select name from schema_migrations`.execute(
      db,
    ));
  } catch {
    return false; // a fresh database: no migration table yet
  }
  const names = new Set(applied.map((row) => row.name));
  return Object.keys(MIGRATIONS).every((name) => names.has(name));
};

/**
 * Applies every migration of db/migrations (listed in its index), in name order. Each module
 * adds its own file (named with a later date); none is ever edited after release.
 */
export const migrate = async (db: Db): Promise<string[]> => {
  // Most starts find every migration applied; the migrator would first look the whole schema
  // over (every table's columns on SQLite) to learn that.
  if (await everyMigrationApplied(db)) return [];
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  // On SQLite every pending migration runs in one write transaction: a migration that fails
  // leaves nothing half-applied, a second process starting on the same file waits for the
  // first, and a fresh database commits (and syncs to disk) once instead of per statement.
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) await sql`begin immediate`.execute(db);
  let committed = false;
  let outcome;
  try {
    outcome = await migrator.migrateToLatest();
    if (sqlite && !outcome.error) {
      await sql`commit`.execute(db);
      committed = true;
    }
  } finally {
    if (sqlite && !committed) await sql`rollback`.execute(db);
  }
  const { error, results } = outcome;
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(
      `Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`,
      {
        cause: error,
      },
    );
  }
  return (results ?? []).map((result) => result.migrationName);
};
