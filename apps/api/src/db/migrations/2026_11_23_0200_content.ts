import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  jsonType,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

/**
 * The content structure: post types, their categories (a tree per type), groups of three
 * styles (data groups `field`, article/product/course groups `article`, trademarks) and the
 * data fields of data groups. A type with categories or groups cannot be deleted (the API
 * says why before the foreign key does).
 */
export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('post_types'))
      .addColumn('style', 'text', (c) =>
        c.notNull().check(sql`style in ('article', 'product', 'course')`),
      )
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull().unique())
      .addColumn('image', 'text')
      .addColumn('description', 'text')
      .addColumn('sitemap', 'boolean', (c) => c.notNull().defaultTo(true))
      .addColumn('features', jsonType(db), (c) => c.notNull())
      .addColumn('custom_fields', jsonType(db), (c) => c.notNull()),
  ).execute();
  await db.schema.createIndex('post_types_sort').on('post_types').columns(['sort', 'id']).execute();
  await addRowCount(db, 'post_types');

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('post_groups'))
      .addColumn('style', 'text', (c) =>
        c.notNull().check(sql`style in ('article', 'field', 'trademark')`),
      )
      .addColumn('type_id', 'integer', (c) => c.notNull().references('post_types.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('description', 'text')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('post_groups_type_style_slug', ['type_id', 'style', 'slug']),
  ).execute();
  for (const column of ['created_at', 'title', 'slug'])
    await db.schema
      .createIndex(`post_groups_style_type_${column}`)
      .on('post_groups')
      .columns(['style', 'type_id', column, 'id'])
      .execute();
  await addRowCount(db, 'post_groups', { by: ['style', 'type_id'] });
  await addSearchIndex(db, 'post_groups');

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('categories'))
      .addColumn('type_id', 'integer', (c) => c.notNull().references('post_types.id'))
      .addColumn('parent_id', 'integer', (c) => c.references('categories.id'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('description', 'text')
      .addColumn('layout', 'text')
      .addColumn('number', 'integer')
      .addColumn('order', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('show_by_category', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('categories_type_slug', ['type_id', 'slug']),
  ).execute();
  for (const column of ['position', 'created_at', 'title', 'order'])
    await db.schema
      .createIndex(`categories_type_${column}`)
      .on('categories')
      .columns(['type_id', column, 'id'])
      .execute();
  await db.schema
    .createIndex('categories_parent')
    .on('categories')
    .columns(['parent_id'])
    .execute();
  await addRowCount(db, 'categories', { by: ['type_id'] });
  await addSearchIndex(db, 'categories');

  await db.schema
    .createTable('category_groups')
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('post_groups.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('category_groups_pk', ['category_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('category_groups_group')
    .on('category_groups')
    .columns(['group_id'])
    .execute();

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('data_fields'))
      .addColumn('group_id', 'integer', (c) =>
        c.notNull().references('post_groups.id').onDelete('cascade'),
      )
      .addColumn('key', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('value', 'text')
      .addColumn('style', 'text', (c) => c.notNull())
      .addColumn('data', jsonType(db), (c) => c.notNull())
      .addColumn('script', 'text')
      .addColumn('api', jsonType(db))
      .addColumn('has_option', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('has_children', 'boolean', (c) => c.notNull().defaultTo(false))
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addUniqueConstraint('data_fields_group_key', ['group_id', 'key']),
  ).execute();
  for (const column of ['sort', 'created_at', 'key', 'title'])
    await db.schema
      .createIndex(`data_fields_by_group_${column}`)
      .on('data_fields')
      .columns(['group_id', column, 'id'])
      .execute();
  await addRowCount(db, 'data_fields', { by: ['group_id'] });
};
