import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withId, type MigrationDb } from '../db/migration-kit';
import { inTransaction } from '../db/transaction';
import { createTestApp, type TestApp } from '../test/test-app';
import { redirectOldPath, settleSlug } from './slugs';
import type { TableName } from './table';

let t: TestApp;
const table = 'test_slugged' as TableName;
/** The write's moment on the app's clock, which a redirect row is dated by. */
const MOMENT = new Date('2026-03-08T02:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
  const db = t.db as unknown as MigrationDb;
  await withId(db, db.schema.createTable('test_slugged'))
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull())
    .addUniqueConstraint('test_slugged_slug', ['type_id', 'slug'])
    .execute();
});
afterAll(() => t.close());

const tx = <T>(work: (db: typeof t.db) => Promise<T>) => inTransaction(t.db, t.engine, work);
const store = (type_id: number, slug: string) =>
  (t.db as unknown as MigrationDb)
    .insertInto('test_slugged')
    .values({ type_id, slug })
    .returning('id')
    .executeTakeFirstOrThrow();
const keyOf = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    return (error as { fieldErrors?: Record<string, Array<{ key: string }>> }).fieldErrors;
  }
  return undefined;
};

describe('slugs', () => {
  it('makes a slug from a Vietnamese title, numbered when taken in the same scope only', async () => {
    const made = (title: string, type = 1) =>
      tx((db) => settleSlug(db, { table, scope: { type_id: type } }, '', title));
    expect(await made('Cà Phê Sữa Đá')).toBe('ca-phe-sua-da');
    await store(1, 'ca-phe-sua-da');
    expect(await made('Cà phê  sữa đá!')).toBe('ca-phe-sua-da-2');
    await store(1, 'ca-phe-sua-da-2');
    expect(await made('CÀ PHÊ SỮA ĐÁ')).toBe('ca-phe-sua-da-3');
    // Another type has its own slugs; a prefix that only looks alike is no collision.
    expect(await made('Cà phê sữa đá', 2)).toBe('ca-phe-sua-da');
    expect(await made('Đường Đi')).toBe('duong-di');
  });

  it('refuses an explicit slug that is taken or breaks the rule, and keeps a record its own slug', async () => {
    const { id } = await store(5, 'banh-mi');
    expect(
      await keyOf(tx((db) => settleSlug(db, { table, scope: { type_id: 5 } }, 'banh-mi', 'x'))),
    ).toEqual({ slug: [{ key: 'slug.taken' }] });
    expect(
      await keyOf(tx((db) => settleSlug(db, { table, scope: { type_id: 5 } }, 'Bánh Mì', 'x'))),
    ).toEqual({ slug: [{ key: 'validation.slug' }] });
    expect(
      await tx((db) =>
        settleSlug(db, { table, scope: { type_id: 5 }, exceptId: id }, 'banh-mi', 'x'),
      ),
    ).toBe('banh-mi');
    // An update that does not send the slug leaves it as it is.
    expect(
      await tx((db) =>
        settleSlug(db, { table, scope: { type_id: 5 }, exceptId: id }, undefined, 'Bánh mì mới'),
      ),
    ).toBeUndefined();
  });

  it('answers the old path with a 301 to the new one, without chains or loops', async () => {
    await tx((db) => redirectOldPath(db, '/tin-tuc/a', '/tin-tuc/b', MOMENT));
    await tx((db) => redirectOldPath(db, '/tin-tuc/b', '/tin-tuc/c', MOMENT));
    const redirects = async () =>
      (
        await t.db
          .selectFrom('redirects')
          .select(['source', 'destination', 'code', 'updated_at'])
          .orderBy('source')
          .execute()
      ).map((r) => {
        expect(new Date(r.updated_at).toISOString()).toBe(MOMENT.toISOString());
        return [r.source, r.destination, r.code];
      });
    expect(await redirects()).toEqual([
      ['/tin-tuc/a', '/tin-tuc/c', 301],
      ['/tin-tuc/b', '/tin-tuc/c', 301],
    ]);
    // Back to the first slug: its old redirect goes, nothing loops.
    await tx((db) => redirectOldPath(db, '/tin-tuc/c', '/tin-tuc/a', MOMENT));
    expect(await redirects()).toEqual([
      ['/tin-tuc/b', '/tin-tuc/a', 301],
      ['/tin-tuc/c', '/tin-tuc/a', 301],
    ]);
    const found = await t.request('GET', '/api/v1/redirects?search=source:/tin-tuc/c', {
      token: t.adminToken,
    });
    expect(found.json().data.map((r: { source: string }) => r.source)).toEqual(['/tin-tuc/c']);
  });
});
