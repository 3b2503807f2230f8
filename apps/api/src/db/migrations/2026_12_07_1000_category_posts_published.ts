import { sql } from 'kysely';
import { isSqlite, timestampType, type MigrationDb } from '../migration-kit';

/**
 * The website's category page off `category_posts`: each row also carries its post's
 * `published_at`, so a category's public posts (with those below it), newest first, are one
 * range of an index, as the admin's page already is by creation time. Triggers keep it in the
 * transaction of every write, whoever writes: a row takes its post's moment when it is made
 * (whichever trigger of `2026_12_06_1100_category_posts` makes it), and a post's new moment
 * reaches every row of that post.
 */

/** The published_at of the post of `row` (a category_posts row). */
const fromPost = (row: 'new' | 'category_posts') =>
  `(SELECT published_at FROM posts WHERE id = ${row}.post_id)`;
const followed = `UPDATE category_posts SET published_at = new.published_at WHERE post_id = new.id;`;

export const up = async (db: MigrationDb) => {
  await db.schema
    .alterTable('category_posts')
    .addColumn('published_at', timestampType(db))
    .execute();
  await sql
    .raw(`UPDATE category_posts SET published_at = ${fromPost('category_posts')}`)
    .execute(db);
  // A category's public posts of one type, newest (or oldest) first, and its scheduled and
  // undated ones that its kept count of published posts holds: each a range of this index.
  await db.schema
    .createIndex('category_posts_public_page')
    .on('category_posts')
    .columns(['category_id', 'type_id', 'status', 'published_at', 'post_id'])
    .execute();

  if (isSqlite(db)) {
    // SQLite has no BEFORE trigger that can change the row: the row is set once it is in, and
    // only when there is a moment to set (a draft never published has none), since rewriting
    // the row also moves it in the index above.
    await sql
      .raw(
        `CREATE TRIGGER category_posts_published_insert AFTER INSERT ON category_posts
         WHEN ${fromPost('new')} IS NOT NULL BEGIN
           UPDATE category_posts SET published_at = ${fromPost('new')}
           WHERE post_id = new.post_id AND category_id = new.category_id; END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER posts_reach_published AFTER UPDATE OF published_at ON posts
         WHEN old.published_at IS NOT new.published_at BEGIN ${followed} END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION category_posts_published() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN NEW.published_at := ${fromPost('new')}; RETURN NEW; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER category_posts_published BEFORE INSERT ON category_posts
       FOR EACH ROW EXECUTE FUNCTION category_posts_published()`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION posts_reach_published() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN ${followed} RETURN NULL; END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER posts_reach_published AFTER UPDATE OF published_at ON posts
       FOR EACH ROW WHEN (old.published_at IS DISTINCT FROM new.published_at)
       EXECUTE FUNCTION posts_reach_published()`,
    )
    .execute(db);
};
