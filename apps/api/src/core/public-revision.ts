import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { idleSqlite, type Db } from '../db/connection';
import { preparedQuery, type Arg } from '../db/prepared';

/**
 * What a public answer is made of, in two numbers: the revision of the content (grown by
 * triggers in the transaction of every write to a table the website reads, see the
 * `public_revision` migration) and the next moment at which time alone changes an answer (a
 * scheduled post appears, a discount starts or ends). Between two writes and two such
 * moments every public answer is the same bytes, so its ETag can be known before it is built.
 */
declare module '../db/types' {
  interface Database {
    public_revisions: { shard: number; n: number };
  }
}

export type PublicStamp = {
  revision: number;
  /** The next moment (ms) at which an answer may change with no write; Infinity when none. */
  changesAt: number;
};

/**
 * SQL: the content's revision, as a value a statement can select beside what it reads (one
 * snapshot: what that statement read is of this revision).
 */
export const revisionColumn = () =>
  sql<number>`(select cast(coalesce(sum(n), 0) as bigint) from public_revisions)`;

const revisionQuery = preparedQuery(
  () => sql<{ revision: number }>`select ${revisionColumn()} as revision`,
);

/**
 * The revision and, read in the same statement (one snapshot), the moments still to come:
 * the first public moment of each type's scheduled posts (the index of a type's published
 * posts finds it at once), and the starts and ends of enabled discounts.
 */
const stampQuery = preparedQuery(
  (_db, arg: Arg<{ now: string }>) =>
    sql<{
      revision: number;
      post_at: string | null;
      start_at: string | null;
      end_at: string | null;
    }>`select
    ${revisionColumn()} as revision,
    (select min(due.at) from (select (select min(p.published_at) from posts p
        where p.type_id = t.id and p.status = 'published' and p.published_at > ${arg('now')}) as at
      from post_types t) due) as post_at,
    (select min(start_at) from discounts where status = 'enable' and start_at > ${arg('now')}) as start_at,
    (select min(end_at) from discounts where status = 'enable' and end_at > ${arg('now')}) as end_at`,
);

const revisionStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

/** The content's revision now. */
export const publicRevision = async (db: Db) => {
  const sqlite = idleSqlite(db);
  if (sqlite) {
    let statement = revisionStatements.get(sqlite);
    if (!statement) {
      statement = sqlite.prepare(sql`select ${revisionColumn()}`.compile(db).sql).pluck();
      revisionStatements.set(sqlite, statement);
    }
    return Number(statement.get());
  }
  return Number((await revisionQuery.executeTakeFirst(db, {}))?.revision ?? 0);
};

// Per database (tests run several apps in one process): the moment found for a revision holds
// until that moment or the next write.
const known = new WeakMap<Db, PublicStamp>();

/** The stamp of the content at `now`: one cheap read unless a write or a moment has passed. */
export const publicStamp = async (db: Db, now: Date): Promise<PublicStamp> => {
  const revision = await publicRevision(db);
  const last = known.get(db);
  if (last && last.revision === revision && now.getTime() < last.changesAt) return last;
  const row = await stampQuery.executeTakeFirst(db, { now: now.toISOString() });
  const moments = [row?.post_at, row?.start_at, row?.end_at]
    .filter((at): at is string => at != null)
    .map((at) => Date.parse(at));
  const stamp = { revision: Number(row?.revision ?? 0), changesAt: Math.min(Infinity, ...moments) };
  known.set(db, stamp);
  return stamp;
};
