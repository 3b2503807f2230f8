import { sql } from 'kysely';
import { timestampType, type MigrationDb } from '../migration-kit';

/**
 * What the website may read. A post is public once it is published and its `published_at`
 * has come (staff may set it in the future to schedule it); `announce_at` holds the moment a
 * published post still has to be announced (`post.published`), and is cleared by the one
 * instance that announces it. Posts published before this release were announced long ago.
 * `public_rate_counters` bounds what the website's anonymous forms may write, per address.
 */
export const up = async (db: MigrationDb) => {
  const ts = timestampType(db);
  await db.schema.alterTable('posts').addColumn('published_at', ts).execute();
  await db.schema.alterTable('posts').addColumn('announce_at', ts).execute();
  await sql`update posts set published_at = created_at where status = 'published'`.execute(db);
  // The website's lists: a type's published posts, newest first.
  await db.schema
    .createIndex('posts_type_status_published_at')
    .on('posts')
    .columns(['type_id', 'status', 'published_at', 'id'])
    .execute();
  await db.schema.createIndex('posts_announce_at').on('posts').column('announce_at').execute();

  await db.schema
    .createTable('public_rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('window_start', ts, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('public_rate_counters_window_start')
    .on('public_rate_counters')
    .column('window_start')
    .execute();
};
