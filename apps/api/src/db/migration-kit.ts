import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import { engineOf } from './connection';

/**
 * Column and index helpers so one migration runs on SQLite and PostgreSQL.
 * Migrations only move forward: a released migration is never edited.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on an untyped schema
export type MigrationDb = Kysely<any>;

export const isSqlite = (db: MigrationDb) => engineOf(db) === 'sqlite';

export const timestampType = (db: MigrationDb) => (isSqlite(db) ? 'text' : 'timestamptz');
export const jsonType = (db: MigrationDb) => (isSqlite(db) ? 'text' : 'jsonb');

/** `id` integer primary key that the database generates. */
export const withId = <T extends string>(db: MigrationDb, table: CreateTableBuilder<T>) =>
  table.addColumn('id', 'integer', (column: ColumnDefinitionBuilder) =>
    isSqlite(db) ? column.primaryKey().autoIncrement() : column.primaryKey().generatedByDefaultAsIdentity(),
  );

/** `created_at` and `updated_at`, both required. */
export const withTimestamps = <T extends string>(db: MigrationDb, table: CreateTableBuilder<T>) =>
  table
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('updated_at', timestampType(db), (column) => column.notNull());

/**
 * A maintained row count for a big table (`row_counts.n`), kept by triggers
 * on both engines so that an unfiltered list never runs count(*).
 */
export const addRowCount = async (db: MigrationDb, table: string) => {
  await db.insertInto('row_counts').values({ table_name: table, n: 0 }).execute();
  if (isSqlite(db)) {
    await sql
      .raw(
        `CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} BEGIN
           UPDATE row_counts SET n = n + 1 WHERE table_name = '${table}'; END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} BEGIN
           UPDATE row_counts SET n = n - 1 WHERE table_name = '${table}'; END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE OR REPLACE FUNCTION row_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'INSERT' THEN
           UPDATE row_counts SET n = n + 1 WHERE table_name = TG_TABLE_NAME;
         ELSE
           UPDATE row_counts SET n = n - 1 WHERE table_name = TG_TABLE_NAME;
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_count AFTER INSERT OR DELETE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION row_count_change()`,
    )
    .execute(db);
};

/**
 * A substring index over a table's `search_text` column (folded text kept by
 * the application): FTS5 with the trigram tokenizer on SQLite, a pg_trgm GIN
 * index on PostgreSQL. core/search.ts queries it.
 */
export const addSearchIndex = async (db: MigrationDb, table: string) => {
  if (isSqlite(db)) {
    await sql
      .raw(
        `CREATE VIRTUAL TABLE ${table}_fts USING fts5(search_text, content='${table}', content_rowid='id', tokenize='trigram')`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN
           INSERT INTO ${table}_fts(rowid, search_text) VALUES (new.id, new.search_text); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN
           INSERT INTO ${table}_fts(${table}_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text); END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF search_text ON ${table} BEGIN
           INSERT INTO ${table}_fts(${table}_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
           INSERT INTO ${table}_fts(rowid, search_text) VALUES (new.id, new.search_text); END`,
      )
      .execute(db);
    return;
  }
  await sql.raw(`CREATE EXTENSION IF NOT EXISTS pg_trgm`).execute(db);
  await sql.raw(`CREATE INDEX ${table}_search_trgm ON ${table} USING gin (search_text gin_trgm_ops)`).execute(db);
};
