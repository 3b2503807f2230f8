import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';

/** The floor's own file, beside the product's database (see bench/posts-reference.ts). */
export const FLOOR_SUFFIX = '-floor.db';

/**
 * Builds the floor's table from the generated posts: each post in its top category (the parent
 * of its primary one, or that one itself), with the floor's one composite index.
 */
export const buildFloor = (file: string) => {
  const target = `${file}${FLOOR_SUFFIX}`;
  if (existsSync(target)) return;
  const floor = new Database(target);
  floor.pragma('journal_mode = OFF');
  floor.pragma('synchronous = OFF');
  floor.exec(`attach database '${file.replaceAll("'", "''")}' as product`);
  floor.exec(`create table floor_posts (id integer primary key, category_id integer, type_id integer,
      status text, created_at text);
    insert into floor_posts (id, category_id, type_id, status, created_at)
      select p.id, coalesce(c.parent_id, c.id), p.type_id, p.status, p.created_at
      from product.posts p join product.categories c on c.id = p.primary_category_id;
    create index floor_posts_page on floor_posts (category_id, type_id, status, created_at, id);
    detach database product;
    analyze;`);
  floor.close();
};
