import { sql } from 'kysely';
import { addSearchIndex, isSqlite, type MigrationDb } from '../migration-kit';

/**
 * Post types are searched like every other list, folded (`tin tuc` finds `Tin tức`): the
 * folded title and slug in `search_text`, behind the search index. The application keeps the
 * column from now on; the types already there are folded here, with the fold the application
 * uses (JavaScript's, which no database function matches exactly).
 */
export const up = async (db: MigrationDb) => {
  await db.schema
    .alterTable('post_types')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .normalize('NFC');
  const { rows } = await sql<{
    id: number;
    title: string;
    slug: string;
  }>`select id, title, slug from post_types`.execute(db);
  for (const row of rows)
    await sql`update post_types set search_text = ${fold(`${row.title} ${row.slug}`)} where id = ${row.id}`.execute(
      db,
    );
  await addSearchIndex(db, 'post_types');
  // SQLite's index reads the rows already there only when asked; triggers keep it from now on.
  if (isSqlite(db))
    await sql`insert into post_types_fts(post_types_fts) values ('rebuild')`.execute(db);
};
