import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactBody } from '../contacts/contact-test-kit';

let t: TestApp;
let staff: string;
let typeId = 0;

const api = async (method: 'GET' | 'POST', url: string, body?: unknown, token = staff) => {
  const response = await t.request(method, `/api/v1${url}`, { token, body, locale: 'en' });
  return { status: response.statusCode, body: response.json() };
};

const created = async (url: string, body: unknown, token = staff) => {
  const answer = await api('POST', url, body, token);
  expect(answer.status).toBe(201);
  return answer.body.data as { id: number; code: string };
};

const newProduct = (n: number) =>
  created(
    '/posts',
    { type_id: typeId, title: `Sữa chua ${n}`, product: { code: `SC-${n}`, price: 1 } },
    t.adminToken,
  );

type Line = { post_id: number; price: number; number: number };
const importSlip = (warehouse: number, supplier: number, date: string, products: Line[]) =>
  created(`/warehouses/${warehouse}/change`, {
    style: 'import',
    supplier_id: supplier,
    date,
    products,
  });

beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.createUser(['manage-warehouses', 'edit-warehouses'])).token;
  typeId = (await created('/types', { style: 'product', title: 'Hàng nhập' }, t.adminToken)).id;
});
afterAll(() => t.close());

describe("a supplier's products and imports", () => {
  it('sums complete imports per product, latest price and date, slips counted once', async () => {
    const [north, south] = [
      await created('/warehouses', contactBody({ name: 'Kho Bắc' })),
      await created('/warehouses', contactBody({ name: 'Kho Nam' })),
    ];
    const dalat = await created('/suppliers', contactBody({ name: 'Sữa Đà Lạt' }), t.adminToken);
    const other = await created('/suppliers', contactBody({ name: 'Ba Vì' }), t.adminToken);
    const [p1, p2, p3] = [await newProduct(1), await newProduct(2), await newProduct(3)];

    // Sữa Đà Lạt: slip 1 (p2 on two lines), slip 2, and slip 3 canceled.
    const first = await importSlip(north.id, dalat.id, '2026-01-10', [
      { post_id: p1.id, price: 10_000, number: 5 },
      { post_id: p2.id, price: 20_000, number: 3 },
      { post_id: p2.id, price: 21_000, number: 2 },
    ]);
    const second = await importSlip(south.id, dalat.id, '2026-02-01', [
      { post_id: p1.id, price: 11_000, number: 4 },
    ]);
    const canceled = await importSlip(north.id, dalat.id, '2026-03-01', [
      { post_id: p1.id, price: 99_000, number: 7 },
      { post_id: p3.id, price: 5_000, number: 2 },
    ]);
    expect((await api('POST', `/warehouses/change/${canceled.id}/cancel`)).status).toBe(200);
    // Ba Vì delivers p1 too, later and dearer; an export names no supplier.
    await importSlip(north.id, other.id, '2026-04-01', [
      { post_id: p1.id, price: 50_000, number: 100 },
    ]);
    await created(`/warehouses/${north.id}/change`, {
      style: 'export',
      products: [{ post_id: p1.id, price: 60_000, number: 6 }],
    });

    const products = await api('GET', `/suppliers/${dalat.id}/products`);
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([
      {
        post_id: p1.id,
        code: 'SC-1',
        title: 'Sữa chua 1',
        number: 9,
        price: 11_000,
        date: '2026-02-01',
        slips: 2,
      },
      {
        post_id: p2.id,
        code: 'SC-2',
        title: 'Sữa chua 2',
        number: 5,
        price: 21_000,
        date: '2026-01-10',
        slips: 1,
      },
    ]);
    expect(products.body.meta.pagination).toMatchObject({ total: 2, current_page: 1 });
    const secondPage = await api('GET', `/suppliers/${dalat.id}/products?limit=1&page=2`);
    expect(secondPage.body.data.map((row: { post_id: number }) => row.post_id)).toEqual([p2.id]);
    expect(secondPage.body.meta.pagination.total).toBe(2);

    const theirs = await api('GET', `/suppliers/${other.id}/products`);
    expect(theirs.body.data).toEqual([
      {
        post_id: p1.id,
        code: 'SC-1',
        title: 'Sữa chua 1',
        number: 100,
        price: 50_000,
        date: '2026-04-01',
        slips: 1,
      },
    ]);

    // The import history is the slip list filtered by supplier: newest first, canceled shown.
    const history = await api('GET', `/warehouses/changes?supplier_id=${dalat.id}&style=import`);
    expect(history.status).toBe(200);
    expect(
      history.body.data.map((slip: Record<string, unknown>) => ({
        id: slip.id,
        code: slip.code,
        date: slip.date,
        warehouse: (slip.warehouse as { name: string }).name,
        money: slip.money,
        status: slip.status,
      })),
    ).toEqual([
      {
        id: canceled.id,
        code: canceled.code,
        date: '2026-03-01',
        warehouse: 'Kho Bắc',
        money: 703_000,
        status: 'canceled',
      },
      {
        id: second.id,
        code: second.code,
        date: '2026-02-01',
        warehouse: 'Kho Nam',
        money: 44_000,
        status: 'complete',
      },
      {
        id: first.id,
        code: first.code,
        date: '2026-01-10',
        warehouse: 'Kho Bắc',
        money: 152_000,
        status: 'complete',
      },
    ]);
    expect(history.body.meta.pagination.total).toBe(3);
    // And per product, the lines of its slips.
    const lines = await api(
      'GET',
      `/warehouses/change/items?supplier_id=${dalat.id}&post_id=${p1.id}`,
    );
    expect(lines.body.data.map((line: { number: number }) => line.number)).toEqual([7, 4, 5]);
  });

  it('answers an empty list for a supplier with no imports', async () => {
    const fresh = await created('/suppliers', contactBody({ name: 'Mới' }), t.adminToken);
    const products = await api('GET', `/suppliers/${fresh.id}/products`);
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([]);
    expect(products.body.meta.pagination.total).toBe(0);
  });

  it('needs manage-warehouses, knows a missing supplier and refuses unknown parameters', async () => {
    const supplier = await created('/suppliers', contactBody({ name: 'Kiểm tra' }), t.adminToken);
    const listerOnly = (await t.createUser(['suppliers.list'])).token;
    const refused = await api('GET', `/suppliers/${supplier.id}/products`, undefined, listerOnly);
    expect(refused.status).toBe(403);

    const missing = await api('GET', '/suppliers/999999/products');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      code: 'not_found',
      message: 'The requested record was not found.',
    });

    const unknown = await api('GET', `/suppliers/${supplier.id}/products?warehouse=1`);
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.errors)).toEqual(['warehouse']);
    const badPage = await api('GET', `/suppliers/${supplier.id}/products?page=0`);
    expect(Object.keys(badPage.body.errors)).toEqual(['page']);
  });
});
