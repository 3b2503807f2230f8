import { sql } from 'kysely';
import { isSqlite, type MigrationDb } from '../migration-kit';

/**
 * How many posts each category holds, kept by triggers on the post–category links in the
 * transaction that changes them: the post editor offers a type's most used categories by
 * sorting its categories on this column, never by counting posts.
 */
export const up = async (db: MigrationDb) => {
  await db.schema
    .alterTable('categories')
    .addColumn('post_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update categories set post_count = (
    select count(*) from post_categories pc where pc.category_id = categories.id)`.execute(db);
  // A type's categories, most used first; ties in reading order.
  await db.schema
    .createIndex('categories_type_post_count')
    .on('categories')
    .columns(['type_id', 'post_count', 'position', 'id'])
    .execute();

  const add = (row: 'new' | 'old', delta: '+ 1' | '- 1') =>
    `UPDATE categories SET post_count = post_count ${delta} WHERE id = ${row}.category_id;`;
  if (isSqlite(db)) {
    await sql
      .raw(
        `CREATE TRIGGER post_categories_post_count_insert AFTER INSERT ON post_categories
         BEGIN ${add('new', '+ 1')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER post_categories_post_count_delete AFTER DELETE ON post_categories
         BEGIN ${add('old', '- 1')} END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER post_categories_post_count_update AFTER UPDATE OF category_id ON post_categories
         WHEN old.category_id IS NOT new.category_id
         BEGIN ${add('old', '- 1')} ${add('new', '+ 1')} END`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `CREATE FUNCTION post_categories_post_count() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF TG_OP = 'INSERT' THEN ${add('new', '+ 1')}
         ELSIF TG_OP = 'DELETE' THEN ${add('old', '- 1')}
         ELSIF old.category_id IS DISTINCT FROM new.category_id THEN ${add('old', '- 1')} ${add('new', '+ 1')}
         END IF;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER post_categories_post_count AFTER INSERT OR DELETE OR UPDATE ON post_categories
       FOR EACH ROW EXECUTE FUNCTION post_categories_post_count()`,
    )
    .execute(db);
};
