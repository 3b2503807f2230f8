import { type RawBuilder, sql, type SqlBool } from 'kysely';
import type { Engine } from '../db/connection';
import { checkedColumn } from '../db/prepared';

/**
 * SQL: the post is public at `now` (published, and its moment has come). Posts, menus and the
 * post type counts all show the website the same posts, so the rule is written once.
 */
export const isPublicAt = (now: string, alias = 'posts') =>
  sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published' and ${sql.ref(`${alias}.published_at`)} <= ${now}`;

/** As `isPublicAt`, for rows another key finds (an id, a slug): the moment is only checked. */
export const isPublicRowAt = (engine: Engine, now: string, alias = 'posts') =>
  sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published' and ${checkedColumn(engine, `${alias}.published_at`)} <= ${now}`;

/**
 * SQL: the published posts that `isPublicAt` leaves out at `now` (scheduled, or never given a
 * moment), as two conditions: a total of public posts is a kept count of published ones less
 * the rows of each, and each is one short range of an index ending (status, published_at),
 * where "not public" as one condition would visit every published row.
 */
const publishedButNotPublicAt = (now: string, alias = 'posts') => {
  const status = sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published'`;
  const at = sql.ref(`${alias}.published_at`);
  return [sql<SqlBool>`${status} and ${at} > ${now}`, sql<SqlBool>`${status} and ${at} is null`];
};

/**
 * SQL: how many posts of `scope` are public at `now`, from the count kept of its published ones
 * (`row_counts` under `key`) less its rows of each kind `publishedButNotPublicAt` names. One
 * statement, so the count and the rows taken from it are of the same moment.
 */
export const publicCountFromKept = (
  key: string,
  table: 'posts' | 'category_posts',
  scope: RawBuilder<SqlBool>,
  now: string,
) =>
  sql<{ n: number }>`select coalesce((select n from row_counts where table_name = ${key}), 0)
    ${sql.join(
      publishedButNotPublicAt(now, table).map(
        (hidden) => sql`- (select count(*) from ${sql.table(table)} where ${scope} and ${hidden})`,
      ),
      sql` `,
    )} as n`;
