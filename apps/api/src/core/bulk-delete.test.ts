import { BULK_MAX, bulkDeleteSchema } from '@backoffice/shared/bulk.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { now } from '../db/types';
import { countRows, createTestApp, type TestApp } from '../test/test-app';

/** Every list of the admin that offers "Delete selected" deletes the rows in one request. */
const DECLARED = [
  'agencies',
  'discounts',
  'fields',
  'groups',
  'ratings',
  'redirects',
  'seos',
  'sliders',
  'suppliers',
  'warehouses',
  'widgets',
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const bulk = (path: string, body: unknown, token = t.adminToken) =>
  t.request('POST', `/api/v1/${path}/bulk`, { token, body, locale: 'en' });

/** The one key a route declares (these resources name one per route). */
const permissionOf = (method: string, url: string) => {
  const route = t.app.routeTable.find((one) => one.method === method && one.url === url);
  const permission = route?.permission;
  if (typeof permission !== 'string') throw new Error(`${method} ${url}: ${String(permission)}`);
  return permission;
};

describe('POST /x/bulk {ids, action: "delete"} declared beside a resource', () => {
  it('is declared by exactly these resources', () => {
    const declared = t.app.routeTable
      .filter((route) => route.method === 'POST' && route.body === bulkDeleteSchema)
      .map((route) => route.url);
    expect(declared.sort()).toEqual(DECLARED.map((path) => `/api/v1/${path}/bulk`));
  });

  it.each(DECLARED)(
    '%s: the delete permission of the resource, and a body checked by name',
    async (path) => {
      const key = permissionOf('DELETE', `/api/v1/${path}/:id`);
      expect(permissionOf('POST', `/api/v1/${path}/bulk`)).toBe(key);
      const listKey = permissionOf('GET', `/api/v1/${path}`);
      const others = DECLARED.map((other) => permissionOf('DELETE', `/api/v1/${other}/:id`));
      const another = others.find((other) => other !== key && other !== listKey)!;
      const deleter = await t.createUser([key]);

      // Only seeing the list, or deleting another resource's rows, is not enough.
      if (listKey !== key)
        expect(
          (await bulk(path, { ids: [1], action: 'delete' }, (await t.createUser([listKey])).token))
            .statusCode,
        ).toBe(403);
      const outsider = await t.createUser([another]);
      expect((await bulk(path, { ids: [1], action: 'delete' }, outsider.token)).statusCode).toBe(
        403,
      );

      const gone = await bulk(path, { ids: [999_999], action: 'delete' }, deleter.token);
      expect(gone.statusCode).toBe(200);
      expect(gone.json().data).toEqual({ done: 0, skipped: [{ id: 999_999, code: 'not_found' }] });

      const unknown = await bulk(path, { ids: [1], action: 'delete', children: 'cascade' });
      expect(unknown.statusCode).toBe(422);
      expect(Object.keys(unknown.json().errors)).toEqual(['children']);
      const none = await bulk(path, { ids: [], action: 'delete' });
      expect(none.json().errors).toEqual({ ids: ['Please choose at least one item.'] });
      const many = Array.from({ length: BULK_MAX + 1 }, (_, index) => index + 1);
      expect(
        Object.keys((await bulk(path, { ids: many, action: 'delete' })).json().errors),
      ).toEqual(['ids']);
      expect(
        Object.keys((await bulk(path, { ids: [1], action: 'archive' })).json().errors),
      ).toEqual(['action']);
    },
  );
});

describe('a bulk delete: one transaction, each row through the checks of its own delete', () => {
  const createRedirects = async (count: number) => {
    const ids: number[] = [];
    for (let index = 0; index < count; index++) {
      const created = await t.request('POST', '/api/v1/redirects', {
        token: t.adminToken,
        body: { source: `/old-${index}-${Date.now()}`, destination: '/new' },
      });
      expect(created.statusCode).toBe(201);
      ids.push(created.json().data.id);
    }
    return ids;
  };

  it('deletes every row it names and skips, with its code, a row already gone', async () => {
    const ids = await createRedirects(3);
    const removed = await bulk('redirects', { ids: [...ids, 999_999], action: 'delete' });
    expect(removed.json().data).toEqual({
      done: 3,
      skipped: [{ id: 999_999, code: 'not_found' }],
    });
    expect(await countRows(t, 'redirects')).toBe(0);
  });

  it('skips a row a reference keeps, as its own delete refuses it, and deletes the others', async () => {
    const ids: number[] = [];
    for (const name of ['Kho Một', 'Kho Hai', 'Kho Ba']) {
      const created = await t.request('POST', '/api/v1/warehouses', {
        token: t.adminToken,
        body: { name, province_code: '79', ward_code: '26743', address: '12 Lê Lợi' },
      });
      ids.push(created.json().data.id);
    }
    const [first, kept, last] = ids as [number, number, number];
    // A stock slip of the second warehouse: its history keeps the warehouse.
    const stamp = now();
    await t.db
      .insertInto('warehouse_changes')
      .values({
        code: 'PN000001',
        style: 'import',
        date: '2026-12-01',
        warehouse_id: kept,
        money: 0,
        profit: 0,
        status: 'complete',
        search_text: '',
        created_at: stamp,
        updated_at: stamp,
      })
      .execute();
    const single = await t.request('DELETE', `/api/v1/warehouses/${kept}`, {
      token: t.adminToken,
    });
    expect(single.statusCode).toBe(422);

    const removed = await bulk('warehouses', { ids: [first, kept, last], action: 'delete' });
    expect(removed.json().data).toEqual({
      done: 2,
      skipped: [{ id: kept, code: single.json().code }],
    });
    const left = await t.db.selectFrom('warehouses').select('id').execute();
    expect(left.map((row) => row.id)).toEqual([kept]);
  });

  it('answers two overlapping bulk deletes at once, each row counted by the one that deleted it', async () => {
    const ids = await createRedirects(10);
    const [one, two] = await Promise.all([
      bulk('redirects', { ids: ids.slice(0, 7), action: 'delete' }),
      bulk('redirects', { ids: ids.slice(3), action: 'delete' }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const [a, b] = [one.json().data, two.json().data];
    expect(a.done + b.done).toBe(10);
    const skipped = [...a.skipped, ...b.skipped];
    expect(skipped.every((row: { code: string }) => row.code === 'not_found')).toBe(true);
    expect(skipped.map((row: { id: number }) => row.id).sort((x, y) => x - y)).toEqual(
      ids.slice(3, 7),
    );
    expect(await countRows(t, 'redirects')).toBe(0);
  });
});
