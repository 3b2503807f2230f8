import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/** The public floor's own file, beside the product's database (see bench/public-reference.ts). */
export const PUBLIC_FLOOR_SUFFIX = '-public-floor.db';

/**
 * Builds the website's category floor from the generated posts (once their `published_at` is
 * set): each post in its top category (the parent of its primary one, or that one itself),
 * with the floor's one composite index, ending with the public moment the page is sorted by.
 */
export const buildPublicFloor = (file: string) => {
  const target = `${file}${PUBLIC_FLOOR_SUFFIX}`;
  if (existsSync(target)) return;
  const floor = new Database(target);
  floor.pragma('journal_mode = OFF');
  floor.pragma('synchronous = OFF');
  floor.exec(`attach database '${file.replaceAll("'", "''")}' as product`);
  floor.exec(`create table floor_public_posts (id integer primary key, category_id integer,
      type_id integer, status text, published_at text);
    insert into floor_public_posts (id, category_id, type_id, status, published_at)
      select p.id, coalesce(c.parent_id, c.id), p.type_id, p.status, p.published_at
      from product.posts p join product.categories c on c.id = p.primary_category_id;
    create index floor_public_posts_page
      on floor_public_posts (category_id, type_id, status, published_at, id);
    detach database product;
    analyze;`);
  floor.close();
};
