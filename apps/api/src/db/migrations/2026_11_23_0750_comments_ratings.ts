import { sql } from 'kysely';
import {
  addRowCount,
  addSearchIndex,
  withId,
  withTimestamps,
  type MigrationDb,
} from '../migration-kit';

export const up = async (db: MigrationDb) => {
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('comments'))
      .addColumn('post_id', 'integer', (c) =>
        c.notNull().references('posts.id').onDelete('cascade'),
      )
      .addColumn('comment_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('level', 'integer', (c) => c.notNull().defaultTo(1))
      // The place in its post's comments read top-down: a comment, then its replies.
      .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
      // The top comment of the thread, so that threads sort newest first and stay together.
      .addColumn('thread', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('comments_thread')
    .on('comments')
    .columns(['thread', 'position', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_post_thread')
    .on('comments')
    .columns(['post_id', 'thread', 'position', 'id'])
    .execute();
  await db.schema.createIndex('comments_parent').on('comments').columns(['comment_id']).execute();
  await db.schema
    .createIndex('comments_created_at')
    .on('comments')
    .columns(['created_at', 'id'])
    .execute();
  await addRowCount(db, 'comments', { by: ['post_id'] });
  await addSearchIndex(db, 'comments');

  await withTimestamps(
    db,
    withId(db, db.schema.createTable('ratings'))
      .addColumn('post_id', 'integer', (c) =>
        c.notNull().references('posts.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('author_name', 'text')
      .addColumn('content', 'text')
      .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 5`))
      .addColumn('search_text', 'text', (c) => c.notNull().defaultTo('')),
  ).execute();
  await db.schema
    .createIndex('ratings_created_at')
    .on('ratings')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema.createIndex('ratings_score').on('ratings').columns(['score', 'id']).execute();
  // A post's average reads only this index.
  await db.schema
    .createIndex('ratings_post')
    .on('ratings')
    .columns(['post_id', 'score', 'id'])
    .execute();
  await addRowCount(db, 'ratings', { by: ['post_id'] });
  await addSearchIndex(db, 'ratings');
};
