import { sql } from 'kysely';
import { addRowCount, isSqlite, timestampType, type MigrationDb } from '../migration-kit';

/**
 * A category's posts with those of every category below it, one row per category and post,
 * carrying the post's type, status and creation time: a category page (the admin's filter,
 * the website's category) reads its 20 newest rows off one index instead of sorting every
 * post of the branch, and its total off a count kept per category, type and status
 * (`row_counts`, key `category_posts|category_id=…|status=…|type_id=…`) instead of counting
 * them. Triggers keep it, in the transaction of every write, whoever writes: a post's
 * categories (`post_categories`), its type, status or creation time (`posts`), a category
 * moved in its tree (`categories.parent_id`); deletes follow through the links' cascade.
 * The categories above a post's own are found by walking `parent_id` up (UNION, so a tree
 * that is momentarily a cycle within a move still ends).
 */

/** The ids of the categories at and above `start` (SQL giving category ids). */
const atAndAbove = (start: string) => `WITH RECURSIVE up(id) AS (
    ${start}
    UNION SELECT c.parent_id FROM categories c JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL
  ) SELECT id FROM up`;

/** (post_id, category_id) of every post of `posts` (SQL giving post ids) and each category it is in, directly or below. */
const reachOf = (
  posts: string,
  select = 'SELECT post_id, id FROM up',
) => `WITH RECURSIVE up(post_id, id) AS (
    SELECT post_id, category_id FROM post_categories WHERE post_id IN (${posts})
    UNION SELECT up.post_id, c.parent_id FROM categories c JOIN up ON c.id = up.id WHERE c.parent_id IS NOT NULL
  ) ${select}`;

const COLUMNS = 'category_id, post_id, type_id, status, created_at';

/** Rows for a post newly in a category: that category and every one above it. */
const linked = (row: 'new') => `INSERT INTO category_posts (${COLUMNS})
  SELECT above.id, p.id, p.type_id, p.status, p.created_at
  FROM posts p, (${atAndAbove(`SELECT ${row}.category_id`)}) above
  WHERE p.id = ${row}.post_id
  ON CONFLICT DO NOTHING;`;

/** A post's rows that none of its categories reaches any more. */
const unlinked = (row: 'old') => `DELETE FROM category_posts
  WHERE post_id = ${row}.post_id
  AND category_id NOT IN (${atAndAbove(`SELECT category_id FROM post_categories WHERE post_id = ${row}.post_id`)});`;

/** After a category moved: the posts of its branch, in exactly the categories above them now. */
const moved = (row: 'new') => {
  const branch = `SELECT pc.post_id FROM post_categories pc WHERE pc.category_id IN (
    WITH RECURSIVE down(id) AS (
      SELECT ${row}.id
      UNION SELECT c.id FROM categories c JOIN down ON c.parent_id = down.id
    ) SELECT id FROM down)`;
  return `DELETE FROM category_posts
    WHERE post_id IN (${branch})
    AND (post_id, category_id) NOT IN (${reachOf(branch)});
  INSERT INTO category_posts (${COLUMNS})
    SELECT reach.id, p.id, p.type_id, p.status, p.created_at
    FROM (${reachOf(branch)}) reach JOIN posts p ON p.id = reach.post_id
    WHERE true
    ON CONFLICT DO NOTHING;`;
};

/** A post's new type, status or creation time, on each of its rows. */
const copied = `UPDATE category_posts SET type_id = new.type_id, status = new.status, created_at = new.created_at
  WHERE post_id = new.id;`;

export const up = async (db: MigrationDb) => {
  await db.schema
    .createTable('category_posts')
    .addColumn('category_id', 'integer', (c) => c.notNull())
    .addColumn('post_id', 'integer', (c) => c.notNull())
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', timestampType(db), (c) => c.notNull())
    .addPrimaryKeyConstraint('category_posts_pk', ['post_id', 'category_id'])
    .execute();
  // A category's posts of one type and status, newest (or oldest) first: a page is the first
  // rows of one range of this index.
  await db.schema
    .createIndex('category_posts_page')
    .on('category_posts')
    .columns(['category_id', 'type_id', 'status', 'created_at', 'post_id'])
    .execute();
  await addRowCount(db, 'category_posts', { per: 'category_id', by: ['type_id', 'status'] });
  // The posts already linked, counted by the triggers above as they arrive.
  await sql
    .raw(
      `INSERT INTO category_posts (${COLUMNS}) ${reachOf(
        'SELECT id FROM posts',
        'SELECT up.id, p.id, p.type_id, p.status, p.created_at FROM up JOIN posts p ON p.id = up.post_id',
      )}`,
    )
    .execute(db);

  const postsChanged = ['type_id', 'status', 'created_at'];
  if (isSqlite(db)) {
    const trigger = (name: string, event: string, body: string) =>
      sql.raw(`CREATE TRIGGER ${name} ${event} BEGIN ${body} END`).execute(db);
    await trigger('post_categories_reach_insert', 'AFTER INSERT ON post_categories', linked('new'));
    await trigger(
      'post_categories_reach_delete',
      'AFTER DELETE ON post_categories',
      unlinked('old'),
    );
    await trigger(
      'post_categories_reach_update',
      'AFTER UPDATE ON post_categories',
      `${unlinked('old')} ${linked('new')}`,
    );
    await trigger(
      'categories_reach_move',
      'AFTER UPDATE OF parent_id ON categories WHEN old.parent_id IS NOT new.parent_id',
      moved('new'),
    );
    await trigger(
      'posts_reach_copy',
      `AFTER UPDATE OF ${postsChanged.join(', ')} ON posts WHEN ${postsChanged
        .map((column) => `old.${column} IS NOT new.${column}`)
        .join(' OR ')}`,
      copied,
    );
    return;
  }
  const fn = async (name: string, body: string) =>
    sql
      .raw(
        `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
         BEGIN ${body} RETURN NULL; END $$`,
      )
      .execute(db);
  await fn(
    'post_categories_reach',
    `IF TG_OP <> 'INSERT' THEN ${unlinked('old')} END IF;
     IF TG_OP <> 'DELETE' THEN ${linked('new')} END IF;`,
  );
  await sql
    .raw(
      `CREATE TRIGGER post_categories_reach AFTER INSERT OR DELETE OR UPDATE ON post_categories
       FOR EACH ROW EXECUTE FUNCTION post_categories_reach()`,
    )
    .execute(db);
  await fn('categories_reach_move', moved('new'));
  await sql
    .raw(
      `CREATE TRIGGER categories_reach_move AFTER UPDATE OF parent_id ON categories
       FOR EACH ROW WHEN (old.parent_id IS DISTINCT FROM new.parent_id)
       EXECUTE FUNCTION categories_reach_move()`,
    )
    .execute(db);
  await fn('posts_reach_copy', copied);
  await sql
    .raw(
      `CREATE TRIGGER posts_reach_copy AFTER UPDATE OF ${postsChanged.join(', ')} ON posts
       FOR EACH ROW WHEN (${postsChanged
         .map((column) => `old.${column} IS DISTINCT FROM new.${column}`)
         .join(' OR ')})
       EXECUTE FUNCTION posts_reach_copy()`,
    )
    .execute(db);
};
