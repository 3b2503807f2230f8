import {
  createQueryId,
  sql,
  type SqlBool,
  type CompiledQuery,
  type Insertable,
  type QueryResult,
  type Selectable,
} from 'kysely';
import { engineOf, type Db, type Engine } from './connection';
import type { Database } from './types';

/** Where a prepared query takes one of its values. */
class Slot {
  constructor(readonly name: string) {}
}

type Template = {
  query: CompiledQuery['query'];
  sql: string;
  /** Per parameter: the argument it takes, or the constant the query was built with. */
  parameters: ReadonlyArray<Slot | { constant: unknown }>;
};

/** `arg('name')`: the place of the value `name` in a prepared query. */
export type Arg<Args> = <K extends keyof Args & string>(name: K) => Args[K];

export type PreparedQuery<Args, Row> = {
  execute: (db: Db, args: Args) => Promise<Row[]>;
  executeTakeFirst: (db: Db, args: Args) => Promise<Row | undefined>;
  /** The query's result itself: `numAffectedRows` of an update, for one. */
  run: (db: Db, args: Args) => Promise<QueryResult<Row>>;
};

/**
 * A query that is built and compiled once per engine and then run with new values: for the
 * few queries every write of a busy path runs, where Kysely's building and compiling (about
 * 15 µs a query on the 2-core machine) is a good part of the request. `build` writes the
 * query as usual, with `arg('name')` wherever a value changes from run to run; anything
 * else it puts in the query (a constant, a column) stays as built. Annotate `arg` with the
 * values' types (`(db, arg: Arg<{ id: number }>) => …`); the rows' type is the query's. A value must be one
 * parameter: an `in` list of varying length is not (build that query each time).
 * Runs on the given handle, a transaction's included.
 */
export const preparedQuery = <Args extends Record<string, unknown>, Row>(
  // A query builder, or an `sql` template (compiled with the handle it is given).
  build: (db: Db, arg: Arg<Args>) => { compile: (db: Db) => CompiledQuery<Row> },
): PreparedQuery<Args, Row> => {
  const templates = new Map<Engine, Template>();
  const templateOf = (db: Db) => {
    const engine = engineOf(db as never);
    let template = templates.get(engine);
    if (!template) {
      const compiled = build(db, (name) => new Slot(name) as never).compile(db);
      template = {
        query: compiled.query,
        sql: compiled.sql,
        parameters: compiled.parameters.map((value) =>
          value instanceof Slot ? value : { constant: value },
        ),
      };
      templates.set(engine, template);
    }
    return template;
  };
  const run = (db: Db, args: Args) => {
    const template = templateOf(db);
    return db.executeQuery<Row>({
      query: template.query,
      queryId: createQueryId(),
      sql: template.sql,
      parameters: template.parameters.map((parameter) => {
        if (!(parameter instanceof Slot)) return parameter.constant;
        const value = args[parameter.name];
        if (value === undefined)
          throw new Error(`prepared query: no value for "${parameter.name}"`);
        return value;
      }),
    });
  };
  return {
    run,
    execute: async (db, args) => (await run(db, args)).rows,
    executeTakeFirst: async (db, args) => (await run(db, args)).rows[0],
  };
};

/**
 * A prepared insert of one row, the busy paths' usual write: each named column takes the run's
 * value of the same name, typed as the table declares it; `returning` names the columns the
 * run gives back (the new id, say).
 */
export const preparedInsert = <
  T extends keyof Database & string,
  C extends keyof Insertable<Database[T]> & string,
  R extends keyof Selectable<Database[T]> & string = never,
>(
  table: T,
  columns: readonly C[],
  returning: readonly R[] = [],
) =>
  preparedQuery((db, arg: Arg<Pick<Insertable<Database[T]>, C>>) => {
    const insert = db
      .insertInto(table)
      .values(Object.fromEntries(columns.map((column) => [column, arg(column)])) as never);
    return (returning.length > 0 ? insert.returning(returning as never) : insert) as unknown as {
      compile: (db: Db) => CompiledQuery<Pick<Selectable<Database[T]>, R>>;
    };
  });

/**
 * `column in (…)` over a list of ids given as one value, a JSON array (`JSON.stringify(ids)`):
 * a query whose list changes length stays one prepared query.
 */
export const inIdList = (db: Db, column: string, ids: unknown) =>
  engineOf(db as never) === 'postgres'
    ? sql<SqlBool>`${sql.ref(column)} in (select value::bigint from json_array_elements_text(${ids}::json))`
    : sql<SqlBool>`${sql.ref(column)} in (select value from json_each(${ids}))`;

/**
 * SQL: a column compared with a bound value only to check rows another key found (an id, a
 * slug). On SQLite a value bound against an indexed column lets its statistics (STAT4) prepare
 * the statement again for every new value: a post page's statement took about 100 µs that way
 * and 25 µs without. Written `+column` there, it is one no index serves, so the plan no longer
 * depends on the value; PostgreSQL plans once and gets the column as it is.
 */
export const checkedColumn = (engine: Engine, column: string) =>
  engine === 'sqlite' ? sql`+${sql.ref(column)}` : sql.ref(column);
