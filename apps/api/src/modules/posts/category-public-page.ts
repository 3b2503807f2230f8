import { sql, type SqlBool } from 'kysely';
import { countKey, type IndexedPage } from '../../core/list-engine';
import { isPublicAt, publicCountFromKept } from '../../core/post-visibility';
import type { Db } from '../../db/connection';
import { preparedQuery, type Arg } from '../../db/prepared';
import './posts.table';

/**
 * The website's category page (a category's public posts of one type, with those of every
 * category below it, by their public moment) off `category_posts`, as the admin's is
 * (`category-pages.ts`): the page is the first rows of one range of the index
 * `category_posts_public_page`, its total the count kept per category, type and status less
 * the published rows not yet public, each a short range of the same index. Nothing here walks
 * the branch's posts, however many there are.
 */

type Direction = 'asc' | 'desc';
type PageArgs = { category: number; type: number; now: string; limit: number; offset: number };

const rangeQuery = (direction: Direction) =>
  preparedQuery(
    (_db, arg: Arg<PageArgs>) =>
      sql<{ post_id: number }>`select post_id from category_posts
        where category_id = ${arg('category')} and type_id = ${arg('type')}
          and ${isPublicAt(arg('now'), 'category_posts')}
        order by published_at ${sql.raw(direction)}, post_id ${sql.raw(direction)}
        limit ${arg('limit')} offset ${arg('offset')}`,
  );

const ranges = { asc: rangeQuery('asc'), desc: rangeQuery('desc') };

const totalQuery = preparedQuery(
  (_db, arg: Arg<{ key: string; category: number; type: number; now: string }>) =>
    publicCountFromKept(
      arg('key'),
      'category_posts',
      sql<SqlBool>`category_posts.category_id = ${arg('category')} and category_posts.type_id = ${arg('type')}`,
      arg('now'),
    ),
);

export type PublicCategoryPageRequest = {
  categoryId: number;
  typeId: number;
  /** The moment the answer is of (ISO). */
  now: string;
  direction: Direction;
  limit: number;
  offset: number;
};

/** The ids of a page of a category's public posts of one type, by public moment, and its total. */
export const publicCategoryPage = async (
  db: Db,
  request: PublicCategoryPageRequest,
): Promise<IndexedPage> => {
  const args = { category: request.categoryId, type: request.typeId, now: request.now };
  const rows = await ranges[request.direction].execute(db, {
    ...args,
    limit: request.limit,
    offset: request.offset,
  });
  const key = countKey('category_posts', {
    category_id: request.categoryId,
    type_id: request.typeId,
    status: 'published',
  });
  return {
    ids: rows.map((row) => Number(row.post_id)),
    total: async () => Number((await totalQuery.executeTakeFirst(db, { ...args, key }))?.n ?? 0),
  };
};
