import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from '../migration-kit';

/**
 * The revision of what the website can read: a number that grows in the transaction of every
 * write to a table a public answer is made from, whoever writes it (the resource pipeline, an
 * import, a cascade of a delete, a trigger, plain SQL). The public routes derive their ETags
 * from it, so a client's copy is confirmed (304) without building the answer, and any change
 * gives every answer a new ETag the moment it commits, on every instance.
 *
 * SQLite has one writer: one row. On PostgreSQL the number is kept in shards (one row per
 * shard, chosen by the connection, as row_count_shards): a single row would make every two
 * concurrent writes of content a serialization failure. The revision is the sum of the shards.
 */
export const PUBLIC_REVISION_SHARDS = 64;

/** Every table some public answer reads. */
const TABLES = [
  'posts',
  'post_types',
  'categories',
  'post_categories',
  'post_groups',
  'post_group_links',
  'post_related',
  'ratings',
  'discounts',
  'data_fields',
  'course_chapters',
  'course_lessons',
  'menus',
  'menu_items',
  'sliders',
  'widgets',
  'settings',
  'seos',
  'redirects',
];

export const up = async (db: MigrationDb) => {
  await db.schema
    .createTable('public_revisions')
    .addColumn('shard', 'integer', (c) => c.primaryKey())
    .addColumn('n', 'bigint', (c) => c.notNull())
    .execute();
  await db.insertInto('public_revisions').values({ shard: 0, n: 0 }).execute();

  if (isSqlite(db)) {
    const bump = 'UPDATE public_revisions SET n = n + 1 WHERE shard = 0;';
    for (const table of TABLES)
      for (const event of ['insert', 'update', 'delete'])
        await sql
          .raw(
            `CREATE TRIGGER ${table}_public_revision_${event} AFTER ${event.toUpperCase()} ON ${table}
             BEGIN ${bump} END`,
          )
          .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION public_revision_bump() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO public_revisions AS r (shard, n)
           VALUES (pg_backend_pid() % ${PUBLIC_REVISION_SHARDS}, 1)
           ON CONFLICT (shard) DO UPDATE SET n = r.n + 1;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  // Once per statement, not per row: an import of a million rows bumps it once.
  for (const table of TABLES)
    await sql
      .raw(
        `CREATE TRIGGER ${table}_public_revision AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
         FOR EACH STATEMENT EXECUTE FUNCTION public_revision_bump()`,
      )
      .execute(db);
};
