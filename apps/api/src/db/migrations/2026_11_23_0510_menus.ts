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
    withId(db, db.schema.createTable('menus'))
      .addColumn('key', 'text', (c) => c.notNull().unique())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  // Every sort the list offers finishes on an index; the default one is by last change.
  for (const column of ['updated_at', 'created_at', 'title', 'key'])
    await db.schema.createIndex(`menus_${column}`).on('menus').columns([column, 'id']).execute();
  await addRowCount(db, 'menus');
  await addSearchIndex(db, 'menus');

  // One row per item at any depth; a menu's items are replaced as a whole on each save.
  await withId(db, db.schema.createTable('menu_items'))
    .addColumn('menu_id', 'integer', (c) => c.notNull().references('menus.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('menu_items.id').onDelete('cascade'))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('ref_id', 'integer')
    .addColumn('url', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('class_name', 'text')
    .addColumn('viewer', 'text', (c) => c.notNull())
    .addColumn('data', jsonType(db))
    .execute();
  await db.schema
    .createIndex('menu_items_menu')
    .on('menu_items')
    .columns(['menu_id', 'sort', 'id'])
    .execute();
  await db.schema.createIndex('menu_items_parent').on('menu_items').column('parent_id').execute();
  // Which menus point at a record, for when records learn to warn before they are deleted.
  await db.schema
    .createIndex('menu_items_ref')
    .on('menu_items')
    .columns(['type', 'ref_id'])
    .execute();
};
