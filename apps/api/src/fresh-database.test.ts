import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareDatabase } from './bootstrap';
import { openDatabase } from './db/connection';
import { migrate } from './db/migrate';
import { MIGRATIONS } from './db/migrations';
import { startFromFreshDatabase, writeFreshDatabase } from './fresh-database';
import { ENGINE } from './test/test-app';

/** Every table, index and trigger as SQLite keeps its definition, and the migrations applied. */
const schemaOf = async (file: string) => {
  const database = openDatabase(`sqlite:${file}`);
  try {
    const { rows: objects } = await sql<{ type: string; name: string; sql: string | null }>`
      select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name
    `.execute(database.db);
    const { rows: migrations } = await sql<{
      name: string;
    }>`select name from schema_migrations order by name`.execute(database.db);
    const { rows: keys } = await sql<{
      key: string;
    }>`select key from permissions order by key`.execute(database.db);
    return { objects, migrations: migrations.map((row) => row.name), keys: keys.map((r) => r.key) };
  } finally {
    await database.close();
  }
};

// SQLite only: the compiled server's first start on a PostgreSQL database migrates as before.
describe.runIf(ENGINE === 'sqlite')("a first start from the build's fresh database", () => {
  let dir: string;
  let template: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'bo-fresh-'));
    template = join(dir, 'fresh-database.sqlite');
    await writeFreshDatabase(template);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('has the schema, migrations and permission keys that migrating a new file step by step gives', async () => {
    const stepwise = join(dir, 'stepwise.db');
    const database = openDatabase(`sqlite:${stepwise}`);
    await prepareDatabase(database);
    await database.close();

    const copy = join(dir, 'copied.db');
    expect(startFromFreshDatabase(`sqlite:${copy}`, template)).toBe(true);
    const copied = await schemaOf(copy);
    expect(copied.migrations).toEqual(Object.keys(MIGRATIONS).sort());
    expect(copied).toEqual(await schemaOf(stepwise));
    // nothing is left to migrate, and the copy is written to as any database
    const opened = openDatabase(`sqlite:${copy}`);
    expect(await migrate(opened.db)).toEqual([]);
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(opened.db);
    expect(rows[0]!.journal_mode).toBe('wal');
    await opened.close();
  });

  it('never replaces a database that exists, and leaves no partial copy behind', () => {
    const existing = join(dir, 'existing.db');
    writeFileSync(existing, 'data of a shop');
    expect(startFromFreshDatabase(`sqlite:${existing}`, template)).toBe(false);
    expect(readFileSync(existing, 'utf8')).toBe('data of a shop');

    // a folder that does not exist: left to the normal start, which says so
    const nowhere = join(dir, 'missing-folder', 'x.db');
    expect(startFromFreshDatabase(`sqlite:${nowhere}`, template)).toBe(false);
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);
    // no template (a server started from its sources), or not SQLite
    expect(startFromFreshDatabase(`sqlite:${join(dir, 'other.db')}`, join(dir, 'none'))).toBe(
      false,
    );
    expect(existsSync(join(dir, 'other.db'))).toBe(false);
    expect(startFromFreshDatabase('postgres://localhost/x', template)).toBe(false);
  });

  it('leaves a second start on the same new file the copy the first one made', () => {
    const target = join(dir, 'raced.db');
    const outcomes = [
      startFromFreshDatabase(`sqlite:${target}`, template),
      startFromFreshDatabase(`sqlite:${target}`, template),
    ];
    expect(outcomes).toEqual([true, false]);
    expect(readFileSync(target).equals(readFileSync(template))).toBe(true);
  });
});
