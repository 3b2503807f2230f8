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
    isSqlite(db)
      ? column.primaryKey().autoIncrement()
      : column.primaryKey().generatedByDefaultAsIdentity(),
  );

/** `created_at` and `updated_at`, both required. */
export const withTimestamps = <T extends string>(db: MigrationDb, table: CreateTableBuilder<T>) =>
  table
    .addColumn('created_at', timestampType(db), (column) => column.notNull())
    .addColumn('updated_at', timestampType(db), (column) => column.notNull());

/** Every non-empty subset of the columns, each sorted by name (the order of count keys). */
const subsets = (columns: readonly string[]): string[][] =>
  [...columns]
    .sort()
    .reduce<string[][]>(
      (all, column) => [...all, ...all.map((set) => [...set, column]), [column]],
      [],
    )
    .map((set) => [...set].sort());

/**
 * The key expression of one subset for a trigger: `'<table>|a=' || coalesce(row.a, '') || '|b=' || …`,
 * the same text the list engine's `countKey` builds.
 */
const keyExpression = (
  table: string,
  columns: readonly string[],
  row: 'new' | 'old',
  cast: string,
) =>
  `'${table}' || ` +
  columns.map((column) => `'|${column}=' || coalesce(${row}.${column}${cast}, '')`).join(' || ');

/**
 * On PostgreSQL the count is kept in shards (`row_count_shards`, one row per table and
 * shard, the shard chosen by the connection): a single counter row would make every two
 * concurrent inserts into a table, and every two writes at all through `audit_logs`,
 * a serialization failure. `row_counts` is then a view that adds the shards up.
 */
export const ROW_COUNT_SHARDS = 32;

const shardedCountFunction = `CREATE OR REPLACE FUNCTION row_count_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO row_count_shards AS s (table_name, shard, n)
      VALUES (TG_TABLE_NAME, pg_backend_pid() % ${ROW_COUNT_SHARDS}, CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END)
      ON CONFLICT (table_name, shard) DO UPDATE SET n = s.n + excluded.n;
    RETURN NULL;
  END $$`;

/** Whether the sharded counts of PostgreSQL are in place (a later migration brings them). */
const hasShards = async (db: MigrationDb) =>
  (
    await sql<{
      name: string | null;
    }>`select to_regclass('row_count_shards')::text as name`.execute(db)
  ).rows[0]?.name != null;

/**
 * A maintained row count for a big table (`row_counts.n`), kept by triggers
 * on both engines so that an unfiltered list never runs count(*). With `by`,
 * also the count of the rows sharing each combination of those columns' values
 * (`posts|status=published|type_id=3`), so lists filtered by equality on them get
 * their total without count(*) as well. Keep `by` short: 2^n − 1 counters per row.
 */
export const addRowCount = async (
  db: MigrationDb,
  table: string,
  options: {
    by?: readonly string[];
    /**
     * Only the counts of each value of this column, alone and by every combination of `by`
     * (`per: 'category_id'`: a category's rows, and its rows by type and status), not the
     * counts across its values that nothing asks for.
     */
    per?: string;
  } = {},
) => {
  await addTableCount(db, table);
  const per = options.per;
  const groups = per
    ? [[per], ...subsets(options.by ?? []).map((set) => [...set, per].sort())]
    : subsets(options.by ?? []);
  if (groups.length === 0) return;
  const columns = [...new Set(groups.flat())];
  if (isSqlite(db)) {
    const up = (row: 'new' | 'old') =>
      groups
        .map(
          (
            set,
          ) => `INSERT INTO row_counts(table_name, n) VALUES (${keyExpression(table, set, row, '')}, 1)
            ON CONFLICT(table_name) DO UPDATE SET n = n + 1;`,
        )
        .join('\n');
    const down = (row: 'new' | 'old') =>
      groups
        .map(
          (set) =>
            `UPDATE row_counts SET n = n - 1 WHERE table_name = ${keyExpression(table, set, row, '')};`,
        )
        .join('\n');
    const changed = columns.map((column) => `old.${column} IS NOT new.${column}`).join(' OR ');
    await sql
      .raw(
        `CREATE TRIGGER ${table}_count_by_insert AFTER INSERT ON ${table} BEGIN ${up('new')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_count_by_delete AFTER DELETE ON ${table} BEGIN ${down('old')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${table}_count_by_update AFTER UPDATE OF ${columns.join(', ')} ON ${table} WHEN ${changed}
        BEGIN ${down('old')} ${up('new')} END`,
      )
      .execute(db);
    return;
  }
  // PostgreSQL: each change adds ±1 to its keys' shard (see ROW_COUNT_SHARDS), or to the plain
  // counter rows on a database that has not moved to shards yet.
  const sharded = await hasShards(db);
  const add = (row: 'new' | 'old', delta: 1 | -1) =>
    groups
      .map((set) =>
        sharded
          ? `INSERT INTO row_count_shards AS s (table_name, shard, n)
               VALUES (${keyExpression(table, set, row, '::text')}, pg_backend_pid() % ${ROW_COUNT_SHARDS}, ${delta})
               ON CONFLICT (table_name, shard) DO UPDATE SET n = s.n + excluded.n;`
          : `INSERT INTO row_counts AS c (table_name, n) VALUES (${keyExpression(table, set, row, '::text')}, ${delta})
               ON CONFLICT (table_name) DO UPDATE SET n = c.n + excluded.n;`,
      )
      .join('\n');
  const changed = columns
    .map((column) => `old.${column} IS DISTINCT FROM new.${column}`)
    .join(' OR ');
  await sql
    .raw(
      `CREATE FUNCTION ${table}_count_by() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'INSERT' THEN ${add('new', 1)}
         ELSIF TG_OP = 'DELETE' THEN ${add('old', -1)}
         ELSIF ${changed} THEN ${add('old', -1)} ${add('new', 1)}
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ${table}_count_by AFTER INSERT OR DELETE OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION ${table}_count_by()`,
    )
    .execute(db);
};

/** The count of the whole table (see addRowCount). */
const addTableCount = async (db: MigrationDb, table: string) => {
  if (isSqlite(db)) {
    await db.insertInto('row_counts').values({ table_name: table, n: 0 }).execute();
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
  if (await hasShards(db)) {
    await db.insertInto('row_count_shards').values({ table_name: table, shard: 0, n: 0 }).execute();
    await sql.raw(shardedCountFunction).execute(db);
  } else {
    await db.insertInto('row_counts').values({ table_name: table, n: 0 }).execute();
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
  }
  await sql
    .raw(
      `CREATE TRIGGER ${table}_count AFTER INSERT OR DELETE ON ${table}
       FOR EACH ROW EXECUTE FUNCTION row_count_change()`,
    )
    .execute(db);
};

/** Moves PostgreSQL's counts into shards (see ROW_COUNT_SHARDS); SQLite has one writer and keeps its table. */
export const shardRowCounts = async (db: MigrationDb) => {
  if (isSqlite(db) || (await hasShards(db))) return;
  await sql
    .raw(
      `CREATE TABLE row_count_shards (
         table_name text NOT NULL, shard integer NOT NULL, n bigint NOT NULL,
         PRIMARY KEY (table_name, shard))`,
    )
    .execute(db);
  await sql
    .raw(
      `INSERT INTO row_count_shards (table_name, shard, n) SELECT table_name, 0, n FROM row_counts`,
    )
    .execute(db);
  await sql.raw(`DROP TABLE row_counts`).execute(db);
  await sql
    .raw(
      `CREATE VIEW row_counts AS SELECT table_name, sum(n)::bigint AS n FROM row_count_shards GROUP BY table_name`,
    )
    .execute(db);
  await sql.raw(shardedCountFunction).execute(db);
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
  await sql
    .raw(`CREATE INDEX ${table}_search_trgm ON ${table} USING gin (search_text gin_trgm_ops)`)
    .execute(db);
};
