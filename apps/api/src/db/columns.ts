import { sql } from 'kysely';
import type { Db, Engine } from './connection';

/** The names of a table's columns, as the database has them now. */
export const tableColumns = async (
  db: Db,
  engine: Engine,
  table: string,
): Promise<ReadonlySet<string>> => {
  const { rows } =
    engine === 'sqlite'
      ? await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)
      : await sql<{ name: string }>`select column_name as name from information_schema.columns
          where table_schema = current_schema() and table_name = ${table}`.execute(db);
  return new Set(rows.map((row) => row.name));
};
