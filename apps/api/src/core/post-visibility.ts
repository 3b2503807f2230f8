import { sql, type SqlBool } from 'kysely';

/**
 * SQL: the post is public at `now` (published, and its moment has come). Posts, menus and the
 * post type counts all show the website the same posts, so the rule is written once.
 */
export const isPublicAt = (now: string, alias = 'posts') =>
  sql<SqlBool>`${sql.ref(`${alias}.status`)} = 'published' and ${sql.ref(`${alias}.published_at`)} <= ${now}`;
