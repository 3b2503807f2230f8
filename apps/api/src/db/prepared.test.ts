import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { inIdList, preparedInsert, preparedQuery, type Arg } from './prepared';
import { inTransaction } from './transaction';
import { now } from './types';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const stamp = now();
  await t.db
    .insertInto('settings')
    .values(
      ['prepared-a', 'prepared-b', 'prepared-c'].map((key, index) => ({
        key,
        title: null,
        value: String(index),
        created_at: stamp,
        updated_at: stamp,
      })),
    )
    .execute();
});
afterAll(() => t.close());

const settingByKey = preparedQuery((db, arg: Arg<{ key: string }>) =>
  db.selectFrom('settings').select(['key', 'value']).where('key', '=', arg('key')),
);

describe('prepared queries', () => {
  it('run the query as built, each run with its own values', async () => {
    expect(await settingByKey.execute(t.db, { key: 'prepared-a' })).toEqual([
      { key: 'prepared-a', value: '0' },
    ]);
    expect(await settingByKey.executeTakeFirst(t.db, { key: 'prepared-b' })).toEqual({
      key: 'prepared-b',
      value: '1',
    });
    expect(await settingByKey.executeTakeFirst(t.db, { key: 'nothing' })).toBeUndefined();
  });

  it('keep the constants they were built with and take one value in several places', async () => {
    const between = preparedQuery((db, arg: Arg<{ low: string }>) =>
      db
        .selectFrom('settings')
        .select('key')
        .where('key', 'like', 'prepared-%')
        .where((eb) => eb.or([eb('value', '=', arg('low')), eb('value', '>', arg('low'))]))
        .orderBy('key'),
    );
    expect((await between.execute(t.db, { low: '1' })).map((row) => row.key)).toEqual([
      'prepared-b',
      'prepared-c',
    ]);
    expect((await between.execute(t.db, { low: '2' })).map((row) => row.key)).toEqual([
      'prepared-c',
    ]);
  });

  it('write inside a transaction and roll back with it', async () => {
    const setValue = preparedQuery((db, arg: Arg<{ key: string; value: string }>) =>
      db
        .updateTable('settings')
        .set({ value: arg('value') })
        .where('key', '=', arg('key')),
    );
    await inTransaction(t.db, t.engine, async (tx) => {
      const result = await setValue.run(tx, { key: 'prepared-a', value: 'kept' });
      expect(Number(result.numAffectedRows)).toBe(1);
    });
    await expect(
      inTransaction(t.db, t.engine, async (tx) => {
        await setValue.run(tx, { key: 'prepared-b', value: 'lost' });
        expect((await settingByKey.executeTakeFirst(tx, { key: 'prepared-b' }))?.value).toBe(
          'lost',
        );
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect((await settingByKey.executeTakeFirst(t.db, { key: 'prepared-a' }))?.value).toBe('kept');
    expect((await settingByKey.executeTakeFirst(t.db, { key: 'prepared-b' }))?.value).toBe('1');
  });

  it('refuse a run without one of its values instead of binding nothing', async () => {
    await expect(settingByKey.execute(t.db, {} as { key: string })).rejects.toThrow(/"key"/);
  });

  it('see the table as it is after its schema changes (the statement cache never answers a stale statement)', async () => {
    await sql`create table prepared_scratch (id integer primary key, name text not null)`.execute(
      t.db,
    );
    await sql`insert into prepared_scratch (id, name) values (1, 'one')`.execute(t.db);
    const everything = preparedQuery((db, arg: Arg<{ id: number }>) =>
      db
        .selectFrom('prepared_scratch' as never)
        .selectAll()
        .where('id' as never, '=', arg('id') as never),
    );
    expect(await everything.executeTakeFirst(t.db, { id: 1 })).toEqual({ id: 1, name: 'one' });
    await sql`alter table prepared_scratch add column note text`.execute(t.db);
    await sql`update prepared_scratch set note = 'added'`.execute(t.db);
    expect(await everything.executeTakeFirst(t.db, { id: 1 })).toEqual({
      id: 1,
      name: 'one',
      note: 'added',
    });
    await sql`drop table prepared_scratch`.execute(t.db);
    await expect(everything.execute(t.db, { id: 1 })).rejects.toThrow();
  });

  it('insert one row per run with the named columns, giving back what `returning` names', async () => {
    const insertSetting = preparedInsert(
      'settings',
      ['key', 'title', 'value', 'created_at', 'updated_at'],
      ['key', 'value'],
    );
    const stamp = now();
    for (const key of ['prepared-insert-1', 'prepared-insert-2'])
      expect(
        await insertSetting.execute(t.db, {
          key,
          title: 'T',
          value: key.slice(-1),
          created_at: stamp,
          updated_at: stamp,
        }),
      ).toEqual([{ key, value: key.slice(-1) }]);
    expect(await settingByKey.executeTakeFirst(t.db, { key: 'prepared-insert-2' })).toEqual({
      key: 'prepared-insert-2',
      value: '2',
    });
    // a column left without a value is refused, not written as null
    await expect(
      insertSetting.execute(t.db, { key: 'prepared-insert-3', title: 'T', value: '3' } as never),
    ).rejects.toThrow(/no value for "created_at"/);
    expect(await settingByKey.executeTakeFirst(t.db, { key: 'prepared-insert-3' })).toBeUndefined();
  });

  it('take a list of ids of any length as one value (inIdList), on each engine', async () => {
    const users = await t.db.selectFrom('users').select('id').orderBy('id').execute();
    const byIds = preparedQuery(
      (db, arg: Arg<{ ids: string }>) =>
        sql<{
          id: number;
        }>`select id from users where ${inIdList(db, 'id', arg('ids'))} order by id`,
    );
    const ids = async (list: number[]) =>
      (await byIds.execute(t.db, { ids: JSON.stringify(list) })).map((row) => Number(row.id));
    const first = Number(users[0]!.id);
    expect(await ids([first])).toEqual([first]);
    expect(await ids([first, 999_999, first])).toEqual([first]);
    expect(await ids([])).toEqual([]);
  });
});
