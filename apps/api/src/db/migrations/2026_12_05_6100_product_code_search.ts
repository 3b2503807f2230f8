import { sql } from 'kysely';
import type { MigrationDb } from '../migration-kit';

/**
 * A product is found by its code in the posts' search box: from now on the application folds
 * the code into `search_text` beside the title, slug and description. The products already
 * there get theirs here, with the fold the application uses (JavaScript's, which no database
 * function matches exactly), a thousand rows at a time. The search index follows the column
 * (SQLite's FTS table through its update trigger, PostgreSQL's trigram index by itself).
 */
export const up = async (db: MigrationDb) => {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/đ/g, 'd')
      .replace(/Đ/g, 'D')
      .toLowerCase()
      .normalize('NFC');
  let after = 0;
  for (;;) {
    const { rows } = await sql<{
      id: number;
      title: string;
      slug: string;
      description: string | null;
      product_code: string;
    }>`select id, title, slug, description, product_code from posts
      where product_code is not null and id > ${after} order by id limit 1000`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const text = [row.title, row.slug, row.description, row.product_code].filter(Boolean);
      await sql`update posts set search_text = ${fold(text.join(' '))} where id = ${row.id}`.execute(
        db,
      );
    }
    after = Number(rows.at(-1)!.id);
  }
};
