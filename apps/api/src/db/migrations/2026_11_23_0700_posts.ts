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
 * Posts of the three styles. The list reads only `posts` (its columns, the primary category
 * and the author by id), so every list sort and filter finishes on an index here; a post's
 * product and course details are columns of the same row, their lists (prices per agency,
 * chapters and lessons) rows of their own.
 */
export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('posts'))
      .addColumn('type_id', 'integer', (c) => c.notNull().references('post_types.id'))
      // The type's style when the post was made: which boxes the record carries.
      .addColumn('style', 'text', (c) =>
        c.notNull().check(sql`style in ('article', 'product', 'course')`),
      )
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('slug', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status in ('published', 'private', 'draft', 'pending')`),
      )
      .addColumn('avatar', 'text')
      .addColumn('images', jsonType(db), (c) => c.notNull())
      .addColumn('description', 'text')
      .addColumn('contents', jsonType(db), (c) => c.notNull())
      .addColumn('seo', jsonType(db), (c) => c.notNull())
      .addColumn('fields', jsonType(db), (c) => c.notNull())
      .addColumn('primary_category_id', 'integer', (c) =>
        c.references('categories.id').onDelete('set null'),
      )
      .addColumn('trademark_id', 'integer', (c) =>
        c.references('post_groups.id').onDelete('set null'),
      )
      .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      // Product and course boxes (price is either's).
      .addColumn('product_code', 'text')
      .addColumn('price', 'bigint', (c) =>
        c
          .notNull()
          .defaultTo(0)
          .check(sql`price >= 0`),
      )
      .addColumn('discount_id', 'integer')
      .addColumn('duration', 'integer')
      .addColumn('students', 'integer')
      .addColumn('lessons_count', 'integer')
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
      .addUniqueConstraint('posts_type_slug', ['type_id', 'slug']),
  ).execute();
  await db.schema
    .createIndex('posts_product_code')
    .on('posts')
    .column('product_code')
    .unique()
    .execute();
  // Lists are per type: each offered sort finishes on (type_id, sort column, id), a status
  // filter on (type_id, status, sort column, id).
  for (const column of ['created_at', 'updated_at', 'title', 'status', 'id'])
    await db.schema
      .createIndex(`posts_type_${column}`)
      .on('posts')
      .columns(column === 'id' ? ['type_id', 'id'] : ['type_id', column, 'id'])
      .execute();
  await db.schema
    .createIndex('posts_type_status_created_at')
    .on('posts')
    .columns(['type_id', 'status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_created_at')
    .on('posts')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_status')
    .on('posts')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('posts_trademark')
    .on('posts')
    .columns(['trademark_id', 'created_at', 'id'])
    .execute();
  // Filters that arrive as a set of ids (a category tree, a group) check type and status here
  // without reading the rows.
  await db.schema
    .createIndex('posts_id_type_status')
    .on('posts')
    .columns(['id', 'type_id', 'status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('posts_primary_category')
    .on('posts')
    .column('primary_category_id')
    .execute();
  await db.schema.createIndex('posts_author').on('posts').column('author_id').execute();
  await addRowCount(db, 'posts', { by: ['type_id', 'status'] });
  await addSearchIndex(db, 'posts');

  await db.schema
    .createTable('post_categories')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('category_id', 'integer', (c) =>
      c.notNull().references('categories.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('post_categories_pk', ['post_id', 'category_id'])
    .execute();
  await db.schema
    .createIndex('post_categories_category')
    .on('post_categories')
    .columns(['category_id', 'post_id'])
    .execute();

  await db.schema
    .createTable('post_group_links')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('group_id', 'integer', (c) =>
      c.notNull().references('post_groups.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('post_group_links_pk', ['post_id', 'group_id'])
    .execute();
  await db.schema
    .createIndex('post_group_links_group')
    .on('post_group_links')
    .columns(['group_id', 'post_id'])
    .execute();

  await db.schema
    .createTable('post_related')
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('related_id', 'integer', (c) =>
      c.notNull().references('posts.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('post_related_pk', ['post_id', 'related_id'])
    .execute();
  await db.schema
    .createIndex('post_related_related')
    .on('post_related')
    .column('related_id')
    .execute();

  await withId(db, db.schema.createTable('post_agency_prices'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('agency_id', 'integer', (c) =>
      c.notNull().references('agencies.id').onDelete('cascade'),
    )
    .addColumn('price', 'bigint', (c) => c.notNull().check(sql`price >= 0`))
    .execute();
  await db.schema
    .createIndex('post_agency_prices_post')
    .on('post_agency_prices')
    .columns(['post_id', 'position'])
    .execute();
  await db.schema
    .createIndex('post_agency_prices_agency')
    .on('post_agency_prices')
    .column('agency_id')
    .execute();

  await withId(db, db.schema.createTable('course_chapters'))
    .addColumn('post_id', 'integer', (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createIndex('course_chapters_post')
    .on('course_chapters')
    .columns(['post_id', 'position'])
    .execute();

  await withId(db, db.schema.createTable('course_lessons'))
    .addColumn('chapter_id', 'integer', (c) =>
      c.notNull().references('course_chapters.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('link', 'text')
    .addColumn('duration', 'integer')
    .addColumn('highlight', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'text')
    .execute();
  await db.schema
    .createIndex('course_lessons_chapter')
    .on('course_lessons')
    .columns(['chapter_id', 'position'])
    .execute();
};
