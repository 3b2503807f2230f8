import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from '../bootstrap';
import { openDatabase, type DatabaseHandle } from '../db/connection';
import { createPostgresDatabase, createTestApp, ENGINE } from './test-app';

/**
 * Test apps start from a copy of one database migrated per run: that copy must be exactly what a
 * fresh migration makes (tables, columns, indexes, triggers, migrations and permission keys),
 * and each app's copy its own.
 */

const schemaOf = async ({ db, engine }: DatabaseHandle) => {
  const rows =
    engine === 'sqlite'
      ? await sql<Record<string, unknown>>`
          select type, name, tbl_name, sql from sqlite_master
          where name not like 'sqlite_%' order by type, name`.execute(db)
      : await sql<Record<string, unknown>>`
          select 'column' as kind, table_name as owner, column_name as name,
                 data_type || ' ' || is_nullable || ' ' || coalesce(column_default, '') as detail
            from information_schema.columns where table_schema = 'public'
          union all
          select 'index', tablename, indexname, indexdef from pg_indexes where schemaname = 'public'
          union all
          select 'trigger', event_object_table, trigger_name, action_statement
            from information_schema.triggers where trigger_schema = 'public'
          order by 1, 2, 3, 4`.execute(db);
  const data = async (table: string, column: string) =>
    (
      await sql<{
        value: unknown;
      }>`select ${sql.ref(column)} as value from ${sql.table(table)} order by 1`.execute(db)
    ).rows.map((row) => String(row.value));
  return {
    schema: rows.rows,
    migrations: await data('schema_migrations', 'name'),
    permissions: await data('permissions', 'key'),
  };
};

const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('the database a test app starts on', () => {
  it('is the one a fresh migration makes, and its own', async () => {
    const first = await createTestApp();
    cleanups.push(first.close);
    const second = await createTestApp();
    cleanups.push(second.close);

    let url: string;
    if (ENGINE === 'postgres') {
      const made = await createPostgresDatabase();
      cleanups.push(made.drop);
      url = made.url;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'bo-fresh-'));
      cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
      url = `sqlite:${join(dir, 'fresh.db')}`;
    }
    const fresh = openDatabase(url);
    cleanups.push(fresh.close);
    await prepareDatabase(fresh);

    const expected = await schemaOf(fresh);
    expect(expected.migrations.length).toBeGreaterThan(10);
    expect(await schemaOf(first.database)).toEqual(expected);

    const created = await first.request('POST', '/api/v1/redirects', {
      token: first.adminToken,
      body: { source: '/chi-o-app-dau', destination: '/moi' },
    });
    expect(created.statusCode).toBe(201);
    const other = await second.request('GET', '/api/v1/redirects', { token: second.adminToken });
    expect(other.json().data).toEqual([]);
  });
});
