import {
  addRowCount,
  addSearchIndex,
  jsonType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('sliders'))
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('items', jsonType(db), (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  // Every sort the list offers finishes on an index.
  for (const column of ['created_at', 'title', 'key'])
    await db.schema
      .createIndex(`sliders_${column}`)
      .on('sliders')
      .columns([column, 'id'])
      .execute();
  await addRowCount(db, 'sliders');
  await addSearchIndex(db, 'sliders');

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('widgets'))
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('icon', 'text')
      .addColumn('group_name', 'text')
      .addColumn('group_slug', 'text')
      .addColumn('description', 'text')
      .addColumn('type', 'text')
      .addColumn('settings', jsonType(db), (c) => c.notNull())
      .addColumn('sections', jsonType(db), (c) => c.notNull())
      .addColumn('value', jsonType(db), (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  for (const column of ['created_at', 'title', 'key', 'type', 'group_slug'])
    await db.schema
      .createIndex(`widgets_${column}`)
      .on('widgets')
      .columns([column, 'id'])
      .execute();
  await addRowCount(db, 'widgets', { by: ['type'] });
  await addSearchIndex(db, 'widgets');
};
