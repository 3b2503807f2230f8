import { foldSearch } from '@backoffice/shared/search-fold';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Engine } from '../db/connection';

/** Folded words of a search term, as stored in `search_text`. */
export const searchWords = (term: string) => foldSearch(term).split(/\s+/).filter(Boolean).slice(0, 8);

/** The folded text the application keeps in a table's `search_text` column. */
export const searchText = (...parts: Array<string | null | undefined>) => foldSearch(parts.filter(Boolean).join(' '));

const likePattern = (word: string) => '%' + word.replace(/[\\%_]/g, (c) => '\\' + c) + '%';

/**
 * Every word must appear in the row's folded text. Goes through the index
 * that migration-kit's addSearchIndex made: FTS5 trigram on SQLite (words of
 * three characters or more), pg_trgm on PostgreSQL.
 */
export const matchSearchText = (engine: Engine, table: string, term: string): Expression<SqlBool> => {
  const words = searchWords(term);
  if (words.length === 0) return sql<SqlBool>`1 = 1`;
  const column = sql.ref(`${table}.search_text`);
  if (engine === 'postgres') {
    return sql<SqlBool>`${sql.join(
      words.map((word) => sql`${column} like ${likePattern(word)} escape '\\'`),
      sql` and `,
    )}`;
  }
  const indexed = words.filter((word) => [...word].length >= 3);
  const short = words.filter((word) => [...word].length < 3);
  const parts = [];
  if (indexed.length > 0) {
    const match = indexed.map((word) => `"${word.replace(/"/g, '""')}"`).join(' AND ');
    parts.push(sql`${sql.ref(`${table}.id`)} in (select rowid from ${sql.table(`${table}_fts`)} where ${sql.table(`${table}_fts`)} match ${match})`);
  }
  for (const word of short) parts.push(sql`${column} like ${likePattern(word)} escape '\\'`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
};
