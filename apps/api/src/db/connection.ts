import SQLite from 'better-sqlite3';
import {
  Kysely,
  OperationNodeTransformer,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type ValueNode,
} from 'kysely';
import pg from 'pg';
import type { Database } from './types';

export type Engine = 'sqlite' | 'postgres';

export type Db = Kysely<Database>;

export type DatabaseHandle = {
  db: Db;
  engine: Engine;
  close: () => Promise<void>;
};

// Times come back as ISO strings and dates as YYYY-MM-DD on both engines;
// counts (int8) as numbers.
pg.types.setTypeParser(1184, (value) => new Date(value).toISOString());
pg.types.setTypeParser(1114, (value) => new Date(value + 'Z').toISOString());
pg.types.setTypeParser(1082, (value) => value);
pg.types.setTypeParser(20, (value) => Number(value));

/** better-sqlite3 cannot bind booleans; SQLite stores them as 1/0. */
class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = node.value;
    return typeof value === 'boolean' ? { ...node, value: value ? 1 : 0 } : super.transformValue(node);
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return {
      ...node,
      values: node.values.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value)),
    };
  }
}

const sqliteBooleans: KyselyPlugin = {
  transformQuery: (args: PluginTransformQueryArgs): RootOperationNode =>
    new BooleanToInteger().transformNode(args.node),
  transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
};

export const engineOf = (db: Kysely<unknown>): Engine =>
  db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';

export const openDatabase = (url: string): DatabaseHandle => {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: sqlite }),
      plugins: [sqliteBooleans],
    });
    return { db, engine: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
};
