import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

/** The media library: one row per stored file; thumbnails live beside it in storage. */
export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('media'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('original_name', 'text', (c) => c.notNull())
      .addColumn('file_name', 'text', (c) => c.notNull())
      .addColumn('path', 'text', (c) => c.notNull().unique())
      .addColumn('thumb_path', 'text')
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) =>
        c.notNull().check(sql`kind in ('image', 'video', 'document')`),
      )
      .addColumn('size', 'bigint', (c) => c.notNull())
      .addColumn('width', 'integer')
      .addColumn('height', 'integer')
      .addColumn('area', 'text')
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  // Every offered order and filter has an index that finishes the sort (newest first by default).
  await db.schema
    .createIndex('media_created_at')
    .on('media')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('media_kind_created_at')
    .on('media')
    .columns(['kind', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('media_type_created_at')
    .on('media')
    .columns(['type', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('media_area_created_at')
    .on('media')
    .columns(['area', 'created_at', 'id'])
    .execute();
  await db.schema.createIndex('media_name').on('media').columns(['name', 'id']).execute();
  await db.schema.createIndex('media_size').on('media').columns(['size', 'id']).execute();
  await addRowCount(db, 'media');
  await addSearchIndex(db, 'media');
};
