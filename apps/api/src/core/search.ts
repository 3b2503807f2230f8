import { foldSearch } from '@backoffice/shared/search-fold';
import { sql, type Expression, type SqlBool } from 'kysely';
import { SQLITE_LOWER, type Db, type Engine } from '../db/connection';

/** Folded words of a search term, as stored in `search_text`. */
export const searchWords = (term: string) =>
  foldSearch(term).split(/\s+/).filter(Boolean).slice(0, 8);

/** The folded text the application keeps in a table's `search_text` column. */
export const searchText = (...parts: Array<string | null | undefined>) =>
  foldSearch(parts.filter(Boolean).join(' '));

/** `text` as it matches itself inside a LIKE pattern whose ESCAPE is `\`. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => '\\' + c);

/**
 * `target` contains `term`, literally: `_`, `%` and `\` match themselves on both engines
 * (the pattern escapes them with `\`, and the ESCAPE clause says so: SQLite has no default
 * escape character). Every LIKE on a user's term goes through here.
 */
export const likeContains = (target: Expression<unknown>, term: string): Expression<SqlBool> =>
  sql<SqlBool>`${target} like ${'%' + likeLiteral(term) + '%'} escape '\\'`;

/**
 * 0 when a row's folded text holds the search as typed, its words in order from the start of a
 * word ("ngo ngoc long" in "ngo ngoc long 0939…", "an" in "nguyen van anh"), else 1. A list
 * searched without an order of the reader's choosing shows those rows first: the customer
 * whose name was typed before the others who merely have each word somewhere ("Hồ Ngọc Long"
 * holds "ngo" inside "ngọc"), then the rest, each part in the list's order.
 */
export const searchRank = (table: string, term: string): Expression<number> => {
  const text = sql.ref(`${table}.search_text`);
  const phrase = likeLiteral(searchWords(term).join(' '));
  // two patterns rather than one on ' ' || text: no copy of every matching row's text
  return sql<number>`case when ${text} like ${phrase + '%'} escape '\\'
    or ${text} like ${'% ' + phrase + '%'} escape '\\' then 0 else 1 end`;
};

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

/** Words of a search and how each is looked for (`planSearch`). */
export type SearchPlan = {
  /** Found through the index: the rows having all of them. */
  indexed: string[];
  /** Checked with a plain LIKE on the rows the index found (or on every row, without one). */
  checked: string[];
  /**
   * SQLite: the ids of the rows holding the search's rarest word, found while planning (a JSON
   * array, at most COMMON_AT of them), so that the index is not asked for them a second time.
   */
  rows?: string;
  /**
   * SQLite, a word of three letters or more: the rows come from the FTS index (or `rows`) in
   * their id order, so a page reads and sorts every match anyway and may count them in the same
   * pass. Without such a word every row is read, and a list ordered by an index may stop at its
   * page's last row. PostgreSQL's planner chooses per query and may walk an index in the list's
   * order while checking the words: made to visit every match (a window count), it kept that
   * walk, and "duong" among 300,000 rows took 81 ms instead of 17 (page 0.5 + count 16.5).
   */
  visitsEveryMatch: boolean;
};

/** How many rows a word's index lookup counts before the word is called common. */
const COMMON_AT = 1000;

/**
 * A word in fewer rows than this is taken at once, the others not counted: reading a few
 * hundred rows to check them costs about what counting one more word does (at a million posts
 * "4242" is in 299 rows, read and checked in the page's 0.5 ms, and counting "duong" up to 299
 * took 0.18 ms more per search).
 */
const RARE_AT = 500;

/** Words in the order they are counted: a number or a code first, then the longer first. */
const likelyRarestFirst = (a: string, b: string) =>
  Number(/\d/.test(b)) - Number(/\d/.test(a)) || [...b].length - [...a].length;

/**
 * How a search's words are looked for. On PostgreSQL every word is a LIKE that pg_trgm's index
 * answers (its planner combines them). On SQLite the FTS5 trigram index answers words of three
 * characters or more; FTS5 intersects the row lists of all of them, and a common word's list is
 * long: at a million posts "duong" is in 176,000 rows, and "duong 4242" costs 15 ms per query
 * although "4242" alone is in 299 rows (0.4 ms). So each word's rows are counted up to
 * COMMON_AT (a fraction of a millisecond), and when one is rare only that one goes through the
 * index and the others are checked on its few rows: the same rows, about a tenth of the work.
 * The count of the rarest word brings its ids along (`rows`), and the page reads them instead
 * of asking the index again (a phrase of trigrams costs about as much as the count: 0.27 ms of
 * a 0.7 ms page at a million posts); each later word is counted only up to the rarest yet, since
 * reaching it means not being rarer, and not at all once a word is in fewer than RARE_AT rows.
 */
export const planSearch = async (db: Db, engine: Engine, table: string, term: string) => {
  const words = searchWords(term);
  if (engine === 'postgres')
    return { indexed: [], checked: words, visitsEveryMatch: false } satisfies SearchPlan;
  const long = words.filter((word) => [...word].length >= 3);
  const short = words.filter((word) => [...word].length < 3);
  const visitsEveryMatch = long.length > 0;
  if (long.length < 2)
    return { indexed: long, checked: short, visitsEveryMatch } satisfies SearchPlan;
  const fts = sql.table(`${table}_fts`);
  let rarest: { n: number; rows: string } | undefined;
  for (const word of [...new Set(long)].sort(likelyRarestFirst)) {
    const limit = rarest?.n ?? COMMON_AT;
    const { rows } = await sql<{ n: number; rows: string }>`select count(*) as n,
      json_group_array(rowid) as rows from (
        select rowid from ${fts} where ${fts} match ${ftsPhrase(word)} limit ${limit})`.execute(db);
    const n = Number(rows[0]?.n ?? 0);
    if (n < limit) rarest = { n, rows: rows[0]!.rows };
    if (rarest && rarest.n < RARE_AT) break;
  }
  if (!rarest) return { indexed: long, checked: short, visitsEveryMatch } satisfies SearchPlan;
  // Every word is checked on those rows, the rarest too: a row may have changed since.
  return { indexed: [], checked: words, rows: rarest.rows, visitsEveryMatch } satisfies SearchPlan;
};

/** One word as an FTS5 phrase: quoted, so its characters are never the query language's. */
const ftsPhrase = (word: string) => `"${word.replace(/"/g, '""')}"`;

/**
 * Every word of the plan must appear in the row's folded text: the indexed ones through the
 * index that migration-kit's addSearchIndex made (FTS5 trigram on SQLite, pg_trgm on
 * PostgreSQL answers the LIKEs), the others by a LIKE, on the plan's `rows` when it has them.
 */
export const matchSearchText = (table: string, plan: SearchPlan): Expression<SqlBool> => {
  const column = sql.ref(`${table}.search_text`);
  const parts: Expression<SqlBool>[] = [];
  if (plan.rows !== undefined)
    parts.push(
      sql<SqlBool>`${sql.ref(`${table}.id`)} in (select value from json_each(${plan.rows}))`,
    );
  if (plan.indexed.length > 0) {
    const fts = sql.table(`${table}_fts`);
    const match = plan.indexed.map(ftsPhrase).join(' AND ');
    parts.push(
      sql<SqlBool>`${sql.ref(`${table}.id`)} in (select rowid from ${fts} where ${fts} match ${match})`,
    );
  }
  for (const word of plan.checked) parts.push(likeContains(column, word));
  return parts.length > 0 ? sql<SqlBool>`${sql.join(parts, sql` and `)}` : sql<SqlBool>`1 = 1`;
};
