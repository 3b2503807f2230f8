import { POST_STATUSES, type PostStatus } from '@backoffice/shared/post.schema';
import { sql } from 'kysely';
import { countKey, type IndexedPage, type IndexedPageRequest } from '../../core/list-engine';
import type { Db } from '../../db/connection';
import { preparedQuery, type Arg } from '../../db/prepared';
import './posts.table';

/**
 * A page of a category's posts (with those of every category below it) and its total, off
 * `category_posts` (kept by triggers, migration `2026_12_06_1100_category_posts`): the page is
 * the first rows of one range of its index per status asked for, and the total a count kept
 * per category, type and status. Nothing here sorts or counts the branch's posts, however
 * many there are.
 */

type Direction = 'asc' | 'desc';
type PageArgs = {
  category: number;
  type: number;
  limit: number;
  offset: number;
  /** offset + limit */
  take: number;
};

/** One status's rows of a category and type, in the order of the list. */
const rangeOf = (arg: Arg<PageArgs>, status: unknown, direction: Direction) =>
  sql`select post_id, created_at from category_posts
  where category_id = ${arg('category')} and type_id = ${arg('type')} and status = ${status}
  order by created_at ${sql.raw(direction)}, post_id ${sql.raw(direction)}`;

const oneStatus = (direction: Direction) =>
  preparedQuery(
    (_db, arg: Arg<PageArgs & { status: PostStatus }>) =>
      sql<{ post_id: number }>`${rangeOf(arg, arg('status'), direction)}
        limit ${arg('limit')} offset ${arg('offset')}`,
  );

// Every status: each one's first `offset + limit` rows, merged. A post has one status, so no
// row comes twice, and the page's rows are among those.
const everyStatus = (direction: Direction) =>
  preparedQuery(
    (_db, arg: Arg<PageArgs>) =>
      sql<{ post_id: number }>`select post_id from (${sql.join(
        POST_STATUSES.map(
          (status, index) =>
            sql`select post_id, created_at from (${rangeOf(arg, status, direction)}
              limit ${arg('take')}) ${sql.ref(`s${index}`)}`,
        ),
        sql` union all `,
      )}) merged
      order by created_at ${sql.raw(direction)}, post_id ${sql.raw(direction)}
      limit ${arg('limit')} offset ${arg('offset')}`,
  );

const pages = {
  one: { asc: oneStatus('asc'), desc: oneStatus('desc') },
  every: { asc: everyStatus('asc'), desc: everyStatus('desc') },
};

const countQuery = preparedQuery((db, arg: Arg<{ key: string }>) =>
  db.selectFrom('row_counts').select('n').where('table_name', '=', arg('key')),
);

export type CategoryPageRequest = {
  categoryId: number;
  typeId: number;
  /** Every status when not given. */
  status?: PostStatus;
  direction: Direction;
  limit: number;
  offset: number;
};

/** The ids of a page of a category's posts of one type, newest first (or oldest), and its total. */
export const categoryPage = async (db: Db, request: CategoryPageRequest): Promise<IndexedPage> => {
  const args = {
    category: request.categoryId,
    type: request.typeId,
    limit: request.limit,
    offset: request.offset,
    take: request.offset + request.limit,
  };
  const rows = request.status
    ? await pages.one[request.direction].execute(db, { ...args, status: request.status })
    : await pages.every[request.direction].execute(db, args);
  const key = countKey('category_posts', {
    category_id: request.categoryId,
    type_id: request.typeId,
    ...(request.status ? { status: request.status } : {}),
  });
  return {
    ids: rows.map((row) => Number(row.post_id)),
    total: async () => Number((await countQuery.executeTakeFirst(db, { key }))?.n ?? 0),
  };
};

/**
 * The posts list's `category_id` filter, read off `category_posts` when the list asks what its
 * index holds: one type, any status or one, in order of creation, and no other filter.
 */
export const categoryListPage = (
  db: Db,
  { value, filters, order, limit, offset }: IndexedPageRequest,
) => {
  const { type_id: typeId, status, ...others } = filters;
  if (typeId === undefined || Object.keys(others).length > 0 || order[0] !== 'created_at')
    return Promise.resolve(undefined);
  return categoryPage(db, {
    categoryId: value as number,
    typeId: typeId as number,
    status: status as PostStatus | undefined,
    direction: order[1],
    limit,
    offset,
  });
};
