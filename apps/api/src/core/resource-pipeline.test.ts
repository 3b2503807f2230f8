import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { inTransaction } from '../db/transaction';
import { withId, withTimestamps, type MigrationDb } from '../db/migration-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import type { ServiceContext } from './context';
import { invalid } from './errors';
import { createResourceService, type SideWork } from './resource';
import { systemClock } from './services';
import type { TableName } from './table';

/**
 * The write pipeline's own promises, on a table made for this test, on both engines:
 * prepare runs before the transaction and never under its lock, after-commit work runs
 * only once the write has committed, what prepare did is undone when the write fails,
 * and without a prepare hook only declared fields that are columns reach the SQL.
 */
let t: TestApp;
let ctx: ServiceContext;
/** What happened, in order: the hooks' steps and the transaction's begin and commit. */
let events: string[];

// The test table is not part of the schema types; the declarations name it loosely.
type Loose = never;
type Thing = { id: number; name: string; note: string | null };
const thing = (row: Record<string, unknown>): Thing => ({
  id: row.id as number,
  name: row.name as string,
  note: (row.note as string | null) ?? null,
});

/** A gate a test opens when it wants a waiting prepare to go on. */
const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};
const slow = { entered: gate(), release: gate() };

const thingSchema = z.strictObject({
  name: z.string().max(50),
  note: z.string().max(50).nullish(),
});

const things = createResourceService({
  path: 'test-things',
  table: 'test_things' as TableName,
  entity: 'test_thing',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: thingSchema,
    update: thingSchema.partial(),
    record: z.record(z.string(), z.unknown()),
  },
  list: { defaultOrder: ['id' as Loose, 'asc'] },
  toRecord: (row) => thing(row as Record<string, unknown>),
  constraintHints: { name: 'test.name_taken' },
  hooks: {
    prepare: async (_ctx, { input, current }) => {
      const { name, note } = input as { name?: string; note?: string | null };
      const label = name ?? thing(current as Record<string, unknown>).name;
      events.push(`prepare ${label}`);
      if (name === 'slow') {
        slow.entered.open();
        await slow.release.opened;
      }
      if (name === 'refused early') throw invalid({ name: 'test.refused' });
      return {
        values: { name, note } as Loose,
        write: async () => {
          events.push(`write ${label}`);
        },
        undo: async () => {
          events.push(`undo ${label}`);
        },
        afterCommit: async () => {
          // Read outside the transaction: the row is there for everyone once committed.
          const seen = await sql<{
            n: number;
          }>`select count(*) as n from test_things where name = ${label}`.execute(t.db);
          events.push(`after commit ${label}: ${Number(seen.rows[0]!.n)} row`);
        },
      };
    },
    beforeWrite: (_tx, _ctx, { values }) => {
      if ((values as { note?: string }).note === 'refuse') throw invalid({ note: 'test.refused' });
    },
    afterCommit: (_ctx, { action, record }) => {
      events.push(`hook after ${action} ${(record as Thing).name}`);
      if ((record as Thing).note === 'after commit fails') throw new Error('mail server down');
    },
  },
});

/** The same table without a prepare hook, with a schema field that is no column. */
const plain = createResourceService({
  path: 'test-plain',
  table: 'test_things' as TableName,
  entity: 'test_thing',
  permissions: {
    list: 'public',
    show: 'public',
    create: 'public',
    update: 'public',
    delete: 'public',
  },
  schemas: {
    create: thingSchema.extend({ confirm: z.boolean().optional() }),
    update: thingSchema.partial(),
    record: z.record(z.string(), z.unknown()),
  },
  list: { defaultOrder: ['id' as Loose, 'asc'] },
  toRecord: (row) => thing(row as Record<string, unknown>),
});

/** Work a route prepared before calling the service (an uploaded file), as SideWork. */
const routeSide = (name: string): SideWork => ({
  undo: async () => {
    events.push(`route undo ${name}`);
  },
  afterCommit: async () => {
    events.push(`route after commit ${name}`);
  },
});

const count = async (where = sql`1 = 1`) =>
  Number(
    (await sql<{ n: number }>`select count(*) as n from test_things where ${where}`.execute(t.db))
      .rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db as unknown as MigrationDb;
  await withTimestamps(
    db,
    withId(db, db.schema.createTable('test_things'))
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('note', 'text'),
  ).execute();
  ctx = {
    db: t.db,
    engine: t.engine,
    clock: systemClock,
    actor: null,
    audit: { userId: null, ip: null },
    locale: 'vi',
    transaction: async (work) => {
      events.push('begin');
      const result = await inTransaction(t.db, t.engine, work);
      events.push('commit');
      return result;
    },
  };
});
afterAll(() => t.close());
beforeEach(() => {
  events = [];
});

const refusal = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return (error as { fieldErrors?: Record<string, Array<{ key: string }>> }).fieldErrors;
  }
  throw new Error('expected a refusal');
};

describe('the write pipeline', () => {
  it('prepares before the transaction and runs after-commit work once the row is committed', async () => {
    const created = await things.create(ctx, { name: 'first' }, routeSide('first'));
    expect(created).toMatchObject({ name: 'first', note: null });
    expect(events).toEqual([
      'prepare first',
      'begin',
      'write first',
      'commit',
      'hook after create first',
      'after commit first: 1 row',
      'route after commit first',
    ]);

    events = [];
    await things.update(ctx, created.id, { note: 'changed' });
    expect(events).toEqual([
      'prepare first',
      'begin',
      'write first',
      'commit',
      'hook after update first',
      'after commit first: 1 row',
    ]);
  });

  it('undoes what prepare and the route did when the transaction fails, and runs no after-commit work', async () => {
    await things.create(ctx, { name: 'taken' });
    events = [];
    // A unique column refused by the database, inside the transaction.
    expect(await refusal(things.create(ctx, { name: 'taken' }, routeSide('taken')))).toEqual({
      name: [{ key: 'test.name_taken' }],
    });
    expect(events).toEqual(['prepare taken', 'begin', 'undo taken', 'route undo taken']);
    expect(await count(sql`name = 'taken'`)).toBe(1);

    // A rule of the transaction (beforeWrite) refusing the write: the same.
    events = [];
    expect(
      await refusal(things.create(ctx, { name: 'ruled out', note: 'refuse' }, routeSide('r'))),
    ).toEqual({ note: [{ key: 'test.refused' }] });
    expect(events).toEqual(['prepare ruled out', 'begin', 'undo ruled out', 'route undo r']);
    expect(await count(sql`name = 'ruled out'`)).toBe(0);

    // Prepare itself refusing: the route's work is undone, no transaction begins.
    events = [];
    expect(await refusal(things.create(ctx, { name: 'refused early' }, routeSide('e')))).toEqual({
      name: [{ key: 'test.refused' }],
    });
    expect(events).toEqual(['prepare refused early', 'route undo e']);
  });

  it('keeps a committed write when after-commit work fails', async () => {
    const created = await things.create(ctx, { name: 'kept', note: 'after commit fails' });
    expect(created).toMatchObject({ name: 'kept' });
    expect(events).toContain('hook after create kept');
    // The failing hook does not stop the other after-commit work.
    expect(events.at(-1)).toBe('after commit kept: 1 row');
    expect(await count(sql`name = 'kept'`)).toBe(1);
  });

  it('never holds the write lock while preparing: another write completes meanwhile', async () => {
    const pending = things.create(ctx, { name: 'slow' });
    await slow.entered.opened;
    // The slow write is preparing; a write through the same connection goes through now.
    const other = await things.create(ctx, { name: 'meanwhile' });
    expect(other).toMatchObject({ name: 'meanwhile' });
    expect(events).toEqual([
      'prepare slow',
      'prepare meanwhile',
      'begin',
      'write meanwhile',
      'commit',
      'hook after create meanwhile',
      'after commit meanwhile: 1 row',
    ]);
    slow.release.open();
    expect(await pending).toMatchObject({ name: 'slow' });
    expect(events.slice(7)).toEqual([
      'begin',
      'write slow',
      'commit',
      'hook after create slow',
      'after commit slow: 1 row',
    ]);
  });

  it('without a prepare hook writes only the fields the schema declares that are columns', async () => {
    // `confirm` is in the schema but no column; `id` and `search_text` are not in the schema.
    const created = await plain.create(ctx, {
      name: 'plain',
      note: 'n',
      confirm: true,
      id: 999_999,
      search_text: 'x',
    } as never);
    expect(created).toMatchObject({ name: 'plain', note: 'n' });
    expect((created as Thing).id).not.toBe(999_999);
    const updated = await plain.update(ctx, (created as Thing).id, {
      note: 'm',
      confirm: true,
    } as never);
    expect(updated).toMatchObject({ name: 'plain', note: 'm' });
  });
});

/** The same table with a row rule: a row whose note is `locked` is not this caller's to touch. */
const guarded = createResourceService({
  ...plain.def,
  path: 'test-guarded',
  rowAccess: (_tx, _ctx, row) => (row as { note?: string | null }).note !== 'locked',
  hooks: {
    beforeWrite: (_tx, _ctx, { values }) => {
      if ((values as { note?: string }).note === 'refuse') throw invalid({ note: 'test.refused' });
    },
  },
});

describe('row access and bulk writes', () => {
  const noteOf = async (id: number) =>
    (
      await sql<{ note: string | null }>`select note from test_things where id = ${id}`.execute(
        t.db,
      )
    ).rows[0]?.note;

  it('refuses a row the declaration does not let the caller touch, alone or in bulk', async () => {
    const rows = [] as Thing[];
    for (const [name, note] of [
      ['guard one', null],
      ['guard locked', 'locked'],
      ['guard two', null],
    ] as const)
      rows.push((await plain.create(ctx, { name, note })) as Thing);
    const [one, locked, two] = rows as [Thing, Thing, Thing];
    const codeOf = (work: Promise<unknown>) =>
      work.then(
        () => 'done',
        (error: { code?: string }) => error.code,
      );
    expect(await codeOf(guarded.update(ctx, locked.id, { note: 'mine' }))).toBe('forbidden');
    expect(await codeOf(guarded.remove(ctx, locked.id))).toBe('forbidden');

    events = [];
    const changed = await guarded.bulk(ctx, [one.id, locked.id, two.id, 999_999, one.id], {
      action: 'update',
      input: { note: 'bulk' },
    });
    expect(changed).toEqual({
      done: 2,
      skipped: [
        { id: locked.id, code: 'forbidden' },
        { id: 999_999, code: 'not_found' },
      ],
    });
    // One transaction for all of them.
    expect(events.filter((event) => event === 'begin')).toHaveLength(1);
    expect(await Promise.all(rows.map((row) => noteOf(row.id)))).toEqual([
      'bulk',
      'locked',
      'bulk',
    ]);

    // A rule of the resource refuses every row: nothing changes, each says why.
    const refused = await guarded.bulk(ctx, [one.id, two.id], {
      action: 'update',
      input: { note: 'refuse' },
    });
    expect(refused).toEqual({
      done: 0,
      skipped: [
        { id: one.id, code: 'validation_failed' },
        { id: two.id, code: 'validation_failed' },
      ],
    });

    const removed = await guarded.bulk(ctx, [one.id, locked.id, two.id], { action: 'delete' });
    expect(removed).toEqual({ done: 2, skipped: [{ id: locked.id, code: 'forbidden' }] });
    expect(await Promise.all(rows.map((row) => noteOf(row.id)))).toEqual([
      undefined,
      'locked',
      undefined,
    ]);
  });
});
