import { foldSearch } from '@backoffice/shared/search-fold';
import { sql, type Expression, type SqlBool } from 'kysely';
import { SQLITE_LOWER, type Engine } from '../db/connection';

/** Folded words of a search term, as stored in `search_text`. */
export const searchWords = (term: string) =>
  foldSearch(term).split(/\s+/).filter(Boolean).slice(0, 8);

/** The folded text the application keeps in a table's `search_text` column. */
export const searchText = (...parts: Array<string | null | undefined>) =>
  foldSearch(parts.filter(Boolean).join(' '));

/**
 * `target` contains `term`, literally: `_`, `%` and `\` match themselves on both engines
 * (the pattern escapes them with `\`, and the ESCAPE clause says so: SQLite has no default
 * escape character). Every LIKE on a user's term goes through here.
 */
export const likeContains = (target: Expression<unknown>, term: string): Expression<SqlBool> =>
  sql<SqlBool>`${target} like ${'%' + term.replace(/[\\%_]/g, (c) => '\\' + c) + '%'} escape '\\'`;

/** `target` in lower case, for every script on both engines (SQLite's `lower()` folds only A–Z). */
export const lowerText = (engine: Engine, target: Expression<unknown>): Expression<string> =>
  engine === 'sqlite'
    ? sql<string>`${sql.raw(SQLITE_LOWER)}(${target})`
    : sql<string>`lower(${target})`;

/**
 * `target` contains `term` whatever the case of either, in any script (`đại` finds
 * `Đại lý`), with `_`, `%` and `\` taken literally as in `likeContains`.
 */
export const containsIgnoringCase = (
  engine: Engine,
  target: Expression<unknown>,
  term: string,
): Expression<SqlBool> => likeContains(lowerText(engine, target), term.toLowerCase());

/**
 * Every word must appear in the row's folded text. Goes through the index
 * that migration-kit's addSearchIndex made: FTS5 trigram on SQLite (words of
 * three characters or more), pg_trgm on PostgreSQL.
 */
export const matchSearchText = (
  engine: Engine,
  table: string,
  term: string,
): Expression<SqlBool> => {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const column = sql.ref(`${table}.search_text`);
  if (engine === 'postgres') {
    return sql<SqlBool>`${sql.join(
      words.map((word) => likeContains(column, word)),
      sql` and `,
    )}`;
  }
  const indexed = words.filter((word) => [...word].length >= 3);
  const short = words.filter((word) => [...word].length < 3);
  const parts = [];
  if (indexed.length > 0) {
    const match = indexed.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
    parts.push(
      sql`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${match})`,
    );
  }
  for (const word of short) parts.push(likeContains(column, word));
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
};
