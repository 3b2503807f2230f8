import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FileMigrationProvider, Migrator } from 'kysely';
import type { Db } from './connection';

const folder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies every migration in db/migrations, in file-name order. Each module
 * adds its own file (named with a later date); none is ever edited after release.
 */
export const migrate = async (db: Db): Promise<string[]> => {
  const migrator = new Migrator({
    db,
    provider: new FileMigrationProvider({ fs, path, migrationFolder: folder }),
    migrationTableName: 'schema_migrations',
    migrationLockTableName: 'schema_migrations_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, {
      cause: error,
    });
  }
  return (results ?? []).map((result) => result.migrationName);
};
