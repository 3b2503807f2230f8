import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { contactBody } from '../contacts/contact-test-kit';
import { shopDate } from './warehouse-changes.service';

let t: TestApp;
let editor: string;
let typeId = 0;
let productCount = 0;

const api = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token = editor,
) => {
  const response = await t.request(method, `/api/v1${url}`, { token, body, locale: 'en' });
  return { status: response.statusCode, body: response.json() };
};

const newProduct = async (title = 'Sữa tươi') => {
  productCount += 1;
  const created = await t.request('POST', '/api/v1/posts', {
    token: t.adminToken,
    body: {
      type_id: typeId,
      title: `${title} ${productCount}`,
      product: { code: `SK-${productCount}`, price: 1 },
    },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.id as number;
};

const newWarehouse = async () => {
  const created = await api('POST', '/warehouses', contactBody());
  expect(created.status).toBe(201);
  return created.body.data.id as number;
};

type Line = { post_id: number; price: number; number: number; expiry?: string | null };
const slip = (warehouseId: number, style: 'import' | 'export', products: Line[], extra = {}) =>
  api('POST', `/warehouses/${warehouseId}/change`, { style, products, ...extra });

const stockOf = async (warehouseId: number, postId: number) => {
  const list = await api(
    'GET',
    `/warehouses/products?warehouse_id=${warehouseId}&post_id=${postId}`,
  );
  expect(list.status).toBe(200);
  return list.body.data[0];
};

const daysFromToday = (days: number) =>
  new Date(Date.parse(`${shopDate(new Date())}T00:00:00Z`) + days * 86_400_000)
    .toISOString()
    .slice(0, 10);

beforeAll(async () => {
  t = await createTestApp();
  editor = (await t.createUser(['manage-warehouses', 'edit-warehouses'])).token;
  const type = await t.request('POST', '/api/v1/types', {
    token: t.adminToken,
    body: { style: 'product', title: 'Hàng kho' },
  });
  typeId = type.json().data.id;
});
afterAll(() => t.close());

describe('slips', () => {
  it('imports with a generated code, the staff member, the supplier and money computed by the server', async () => {
    const warehouse = await newWarehouse();
    const supplier = (
      await api('POST', '/suppliers', contactBody({ name: 'Vinamilk' }), t.adminToken)
    ).body.data.id;
    const product = await newProduct();
    const created = await slip(
      warehouse,
      'import',
      [
        { post_id: product, price: 12_000, number: 10, expiry: '2031-01-01' },
        { post_id: product, price: 10_000, number: 3 },
      ],
      { supplier_id: supplier, number: 'PN-giấy 7', note: 'Nhập đầu kỳ', date: '2026-11-20' },
    );
    expect(created.status).toBe(201);
    const data = created.body.data;
    const yymmdd = shopDate(new Date()).slice(2).replace(/-/g, '');
    expect(data.code).toMatch(new RegExp(`^PN${yymmdd}\\d{4}$`));
    expect(data).toMatchObject({
      style: 'import',
      date: '2026-11-20',
      number: 'PN-giấy 7',
      note: 'Nhập đầu kỳ',
      money: 150_000,
      profit: 0,
      status: 'complete',
      warehouse: { id: warehouse },
      supplier: { id: supplier, name: 'Vinamilk' },
      user: { id: expect.any(Number) },
    });
    expect(data.products).toEqual([
      expect.objectContaining({
        post_id: product,
        code: expect.stringMatching(/^SK-/),
        price: 12_000,
        number: 10,
        expiry: '2031-01-01',
      }),
      expect.objectContaining({ post_id: product, price: 10_000, number: 3, expiry: null }),
    ]);
    const next = await slip(warehouse, 'import', [{ post_id: product, price: 1, number: 1 }]);
    expect(Number(next.body.data.code.slice(-4))).toBe(Number(data.code.slice(-4)) + 1);
    // The date defaults to today in Vietnam; the list shows the new slip first.
    expect(next.body.data.date).toBe(shopDate(new Date()));
    const list = await api('GET', `/warehouses/changes?warehouse_id=${warehouse}`);
    expect(list.body.data.map((row: { id: number }) => row.id)).toEqual([
      next.body.data.id,
      data.id,
    ]);
    expect(list.body.meta.pagination.total).toBe(2);
    const one = await api('GET', `/warehouses/changes?id=${data.id}`);
    expect(one.body.data.map((row: { id: number }) => row.id)).toEqual([data.id]);
    expect(one.body.data[0].products).toHaveLength(2);
  });

  it("refuses what the rules refuse, with the spec's texts, and writes nothing", async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    const before = await countRows(t, 'warehouse_changes');
    const noStyle = await api('POST', `/warehouses/${warehouse}/change`, {
      products: [{ post_id: product, price: 1, number: 1 }],
    });
    expect(noStyle.status).toBe(422);
    expect(noStyle.body.errors).toEqual({ style: ['Please choose the slip type!'] });
    const empty = await slip(warehouse, 'import', []);
    expect(empty.body.errors).toEqual({
      products: ['Please add at least one product or choose an order!'],
    });
    const bad = await slip(warehouse, 'import', [
      { post_id: product, price: -1, number: 0, expiry: '2031-02-30' },
    ]);
    expect(bad.body.errors).toEqual({
      'products.0.price': ['The price must be a whole number of dong, 0 or more.'],
      'products.0.number': ['The number must be greater than 0!'],
      'products.0.expiry': [expect.any(String)],
    });
    const unknownField = await api('POST', `/warehouses/${warehouse}/change`, {
      style: 'import',
      products: [{ post_id: product, price: 1, number: 1 }],
      money: 5,
    });
    expect(unknownField.status).toBe(422);
    expect(Object.keys(unknownField.body.errors)).toEqual(['money']);
    const missing = await slip(warehouse, 'import', [{ post_id: 999_999, price: 1, number: 1 }], {
      supplier_id: 999_999,
    });
    expect(missing.body.errors).toEqual({ supplier_id: ['This supplier does not exist.'] });
    const noProduct = await slip(warehouse, 'import', [{ post_id: 999_999, price: 1, number: 1 }]);
    expect(noProduct.body.errors).toEqual({
      'products.0.post_id': ['This product does not exist.'],
    });
    const noOrder = await slip(warehouse, 'export', [], { order_id: 999_999 });
    expect(noOrder.body.errors).toEqual({ order_id: ['This order does not exist.'] });
    expect(
      (await slip(999_999, 'import', [{ post_id: product, price: 1, number: 1 }])).status,
    ).toBe(404);
    // An export beyond the stock names its line; the stock never goes below zero.
    await slip(warehouse, 'import', [{ post_id: product, price: 1, number: 2 }]);
    const beyond = await slip(warehouse, 'export', [
      { post_id: product, price: 5, number: 1 },
      { post_id: product, price: 5, number: 2 },
    ]);
    expect(beyond.status).toBe(422);
    expect(beyond.body.errors).toEqual({
      'products.1.number': ['Not enough in stock for this export: 2 left.'],
    });
    expect(await countRows(t, 'warehouse_changes')).toBe(before + 1);
    expect((await stockOf(warehouse, product)).in_stock).toBe(2);
    const vi = await t.request('POST', `/api/v1/warehouses/${warehouse}/change`, {
      token: editor,
      locale: 'vi',
      body: { style: 'export', products: [{ post_id: product, price: 5, number: 3 }] },
    });
    expect(vi.json().errors).toEqual({
      'products.0.number': ['Không đủ hàng trong kho để xuất: chỉ còn 2.'],
    });
  });

  it('exports first expiry first out, undated lots last, with profit from the lots taken', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    const imported = await slip(warehouse, 'import', [
      { post_id: product, price: 10_000, number: 5, expiry: '2030-06-01' },
      { post_id: product, price: 12_000, number: 5, expiry: '2030-01-01' },
      { post_id: product, price: 8_000, number: 5 },
    ]);
    expect(imported.body.data.money).toBe(150_000);
    // 5 × 12,000 (expires first) + 2 × 10,000 = 80,000 of cost; 7 × 20,000 = 140,000 of money.
    const first = await slip(warehouse, 'export', [{ post_id: product, price: 20_000, number: 7 }]);
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ money: 140_000, profit: 60_000 });
    expect(first.body.data.code).toMatch(/^PX\d{10}$/);
    expect(first.body.data.products[0]).toMatchObject({ cost: 80_000, expiry: '2030-01-01' });
    // 3 × 10,000 + 2 × 8,000 (the undated lot) = 46,000 of cost; 5 × 15,000 = 75,000 of money.
    const second = await slip(warehouse, 'export', [
      { post_id: product, price: 15_000, number: 5 },
    ]);
    expect(second.body.data).toMatchObject({ money: 75_000, profit: 29_000 });
    expect(await stockOf(warehouse, product)).toMatchObject({
      code: expect.stringMatching(/^SK-/),
      name: expect.stringMatching(/^Sữa tươi/),
      price: 8_000,
      number: 15,
      export: 12,
      in_stock: 3,
      expiry: null,
      expired: 0,
      revenue: 215_000,
      profit: 89_000,
    });

    // Cancelling the second export puts its units back in the lots they came from.
    const canceled = await api('POST', `/warehouses/change/${second.body.data.id}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.status).toBe('canceled');
    expect(await stockOf(warehouse, product)).toMatchObject({
      number: 15,
      export: 7,
      in_stock: 8,
      expiry: '2030-06-01',
      revenue: 140_000,
      profit: 60_000,
    });
    const again = await api('POST', `/warehouses/change/${second.body.data.id}/cancel`);
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ status: ['This slip is already canceled.'] });
    // The next export takes the same lots again: 3 × 10,000 + 1 × 8,000.
    const third = await slip(warehouse, 'export', [{ post_id: product, price: 10_000, number: 4 }]);
    expect(third.body.data).toMatchObject({ money: 40_000, profit: 2_000 });

    // The import's units have left: it cannot be cancelled.
    const refused = await api('POST', `/warehouses/change/${imported.body.data.id}/cancel`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      status: [
        'This import cannot be canceled: some of its units have already left the warehouse.',
      ],
    });
    expect((await stockOf(warehouse, product)).in_stock).toBe(4);

    // A product's history: every line, newest slip first, with the status of its slip.
    const history = await api(
      'GET',
      `/warehouses/change/items?post_id=${product}&warehouse_id=${warehouse}`,
    );
    expect(
      history.body.data.map((row: { style: string; number: number; status: string }) => [
        row.style,
        row.number,
        row.status,
      ]),
    ).toEqual([
      ['export', 4, 'complete'],
      ['export', 5, 'canceled'],
      ['export', 7, 'complete'],
      ['import', 5, 'complete'],
      ['import', 5, 'complete'],
      ['import', 5, 'complete'],
    ]);
    expect(history.body.meta.pagination.total).toBe(6);
  });

  it('answers a new slip as it reads back; two lines of one product take lots one after the other, past a page of lots', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    // 250 lots of one unit, the later the dearer: more lots than one read of them takes.
    const lots = Array.from({ length: 250 }, (_, index) => ({
      post_id: product,
      price: 1_000 + index,
      number: 1,
      expiry: daysFromToday(100 + index),
    }));
    expect((await slip(warehouse, 'import', lots.slice(0, 125))).status).toBe(201);
    expect((await slip(warehouse, 'import', lots.slice(125))).status).toBe(201);
    const created = await slip(warehouse, 'export', [
      { post_id: product, price: 5_000, number: 200 },
      { post_id: product, price: 6_000, number: 40 },
    ]);
    expect(created.status).toBe(201);
    // Lots 0–199 cost 1,000 … 1,199; lots 200–239 cost 1,200 … 1,239.
    const firstCost = 200 * 1_000 + (199 * 200) / 2;
    const secondCost = 40 * 1_200 + (39 * 40) / 2;
    expect(created.body.data.products).toMatchObject([
      { number: 200, cost: firstCost, expiry: daysFromToday(100) },
      { number: 40, cost: secondCost, expiry: daysFromToday(300) },
    ]);
    expect(created.body.data).toMatchObject({
      money: 200 * 5_000 + 40 * 6_000,
      profit: 200 * 5_000 + 40 * 6_000 - firstCost - secondCost,
      warehouse: { id: warehouse },
      user: { name: expect.any(String) },
    });
    const read = await api('GET', `/warehouses/changes?id=${created.body.data.id}`);
    expect(read.body.data[0]).toEqual(created.body.data);
    expect(await stockOf(warehouse, product)).toMatchObject({ in_stock: 10, export: 240 });
    // What is left is the last ten lots: the next export costs 1,240 a unit.
    const next = await slip(warehouse, 'export', [{ post_id: product, price: 2_000, number: 1 }]);
    expect(next.body.data.products[0].cost).toBe(1_240);
  });

  it('filters the stock and movement reports by their declared parameters and refuses any other by name', async () => {
    const warehouse = await newWarehouse();
    const other = await newWarehouse();
    const [kept, left] = [await newProduct('Lọc'), await newProduct('Lọc')];
    for (const [where, product] of [
      [warehouse, kept],
      [warehouse, left],
      [other, kept],
    ] as const)
      expect(
        (await slip(where, 'import', [{ post_id: product, price: 500, number: 4 }])).status,
      ).toBe(201);
    expect(
      (await slip(warehouse, 'export', [{ post_id: kept, price: 900, number: 1 }])).status,
    ).toBe(201);

    const stock = await api('GET', `/warehouses/products?post_id=${kept}`);
    expect(stock.body.data.map((row: { warehouse_id: number }) => row.warehouse_id).sort()).toEqual(
      [warehouse, other].sort(),
    );
    // a product in two warehouses is two rows, each naming its warehouse, on screen and in the export
    const named = `Kho Thủ Đức ${other}`;
    expect((await api('PATCH', `/warehouses/${other}`, { name: named })).status).toBe(200);
    const rows = (await api('GET', `/warehouses/products?post_id=${kept}`)).body.data as Array<{
      warehouse_id: number;
      warehouse_name: string;
    }>;
    expect(rows.find((row) => row.warehouse_id === other)?.warehouse_name).toBe(named);
    const csv = await t.request('GET', `/api/v1/warehouses/products/export?post_id=${kept}`, {
      token: t.adminToken,
      locale: 'vi',
    });
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    const column = lines[0]!.split(',').indexOf('Kho');
    expect(
      lines
        .slice(1)
        .filter(Boolean)
        .map((line) => line.split(',')[column])
        .sort(),
    ).toEqual([contactBody().name, named].sort());
    const one = await api('GET', `/warehouses/products?warehouse_id=${other}`);
    expect(one.body.data.map((row: { post_id: number }) => row.post_id)).toEqual([kept]);
    expect(one.body.meta.pagination.total).toBe(1);

    const exported = await api(
      'GET',
      `/warehouses/change/items?warehouse_id=${warehouse}&post_id=${kept}&style=export`,
    );
    expect(exported.body.data.map((line: { style: string }) => line.style)).toEqual(['export']);

    for (const url of [
      `/warehouses/products?warehouse=${warehouse}`,
      `/warehouses/change/items?product_id=${kept}`,
      `/warehouses/products?search=${encodeURIComponent('Lọc')}`,
    ]) {
      const refused = await api('GET', url);
      expect(refused.status, url).toBe(422);
      expect(Object.keys(refused.body.errors), url).toEqual([url.split('?')[1]!.split('=')[0]]);
    }
    const badValue = await api('GET', '/warehouses/change/items?style=gift');
    expect(Object.keys(badValue.body.errors)).toEqual(['style']);
  });

  it('pages the stock, movements and supplier reports like every list; limit=0 is refused', async () => {
    const warehouse = await newWarehouse();
    const supplier = (
      await api('POST', '/suppliers', contactBody({ name: 'Dalat Milk' }), t.adminToken)
    ).body.data.id;
    const products = [await newProduct(), await newProduct(), await newProduct()];
    for (const product of products)
      expect(
        (
          await slip(warehouse, 'import', [{ post_id: product, price: 1_000, number: 2 }], {
            supplier_id: supplier,
          })
        ).status,
      ).toBe(201);
    for (const url of [
      `/warehouses/products?warehouse_id=${warehouse}`,
      `/warehouses/change/items?warehouse_id=${warehouse}`,
      `/suppliers/${supplier}/products`,
    ]) {
      const full = await api('GET', `${url}${url.includes('?') ? '&' : '?'}limit=2`);
      expect(full.status, url).toBe(200);
      expect(full.body.data, url).toHaveLength(2);
      expect(full.body.meta.pagination, url).toMatchObject({ total: 3, count: 2, total_pages: 2 });
      const last = await api('GET', `${url}${url.includes('?') ? '&' : '?'}limit=2&page=2`);
      expect(last.body.data, url).toHaveLength(1);
      expect(last.body.meta.pagination, url).toMatchObject({ total: 3, current_page: 2 });
      const all = await api('GET', `${url}${url.includes('?') ? '&' : '?'}limit=0`);
      expect(all.status, url).toBe(422);
      expect(all.body.errors.limit, url).toHaveLength(1);
    }
  });

  it('cancels an import whose units are all there, and the last standing import gives the price', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    await slip(warehouse, 'import', [{ post_id: product, price: 7_000, number: 2 }]);
    const later = await slip(warehouse, 'import', [{ post_id: product, price: 9_000, number: 3 }]);
    expect((await stockOf(warehouse, product)).price).toBe(9_000);
    expect((await api('POST', `/warehouses/change/${later.body.data.id}/cancel`)).status).toBe(200);
    expect(await stockOf(warehouse, product)).toMatchObject({
      price: 7_000,
      number: 2,
      in_stock: 2,
    });
    // Its units are gone: an export of 3 is now beyond the stock.
    expect(
      (await slip(warehouse, 'export', [{ post_id: product, price: 1, number: 3 }])).status,
    ).toBe(422);
  });

  it('alerts on low stock and on lots expiring within 30 days; counts units past their expiry', async () => {
    const warehouse = await newWarehouse();
    const low = await newProduct('Sắp hết');
    const plenty = await newProduct('Còn nhiều');
    await slip(warehouse, 'import', [
      { post_id: low, price: 1, number: 3, expiry: daysFromToday(-1) },
      { post_id: plenty, price: 1, number: 50, expiry: daysFromToday(10) },
      { post_id: plenty, price: 1, number: 50, expiry: daysFromToday(60) },
    ]);
    const alerts = await api('GET', `/warehouses/alerts?warehouse_id=${warehouse}`);
    expect(alerts.status).toBe(200);
    expect(alerts.body.data.low_stock.map((row: { post_id: number }) => row.post_id)).toEqual([
      low,
    ]);
    expect(
      alerts.body.data.expiring.map(
        (lot: { post_id: number; expiry: string; expired: boolean }) => [
          lot.post_id,
          lot.expiry,
          lot.expired,
        ],
      ),
    ).toEqual([
      [low, daysFromToday(-1), true],
      [plenty, daysFromToday(10), false],
    ]);
    // each alert names its warehouse: the list of every warehouse's alerts tells them apart
    const names = [...alerts.body.data.low_stock, ...alerts.body.data.expiring].map(
      (row: { warehouse_name: string }) => row.warehouse_name,
    );
    expect(new Set(names)).toEqual(new Set([contactBody().name]));
    expect(await stockOf(warehouse, low)).toMatchObject({ expired: 3, expiry: daysFromToday(-1) });
    expect(await stockOf(warehouse, plenty)).toMatchObject({
      expired: 0,
      expiry: daysFromToday(10),
    });
  });

  it('lets manage-warehouses see slips and stock, and only edit-warehouses create and cancel them', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    const made = await slip(warehouse, 'import', [{ post_id: product, price: 1, number: 1 }]);
    const viewer = (await t.createUser(['manage-warehouses'])).token;
    for (const url of [
      '/warehouses/changes',
      `/warehouses/changes?id=${made.body.data.id}`,
      '/warehouses/products',
      `/warehouses/change/items?post_id=${product}`,
      '/warehouses/alerts',
    ])
      expect((await api('GET', url, undefined, viewer)).status).toBe(200);
    const refused = await api(
      'POST',
      `/warehouses/${warehouse}/change`,
      { style: 'import', products: [{ post_id: product, price: 1, number: 1 }] },
      viewer,
    );
    expect(refused.status).toBe(403);
    expect(
      (await api('POST', `/warehouses/change/${made.body.data.id}/cancel`, undefined, viewer))
        .status,
    ).toBe(403);
    const editorOnly = (await t.createUser(['edit-warehouses'])).token;
    expect((await api('GET', '/warehouses/changes', undefined, editorOnly)).status).toBe(403);
    expect((await api('GET', '/warehouses/products', undefined, editorOnly)).status).toBe(403);
  });
});

describe('stock under concurrent writes', () => {
  it('50 concurrent exports of one unit from a stock of 10: exactly 10 succeed, every round', async () => {
    for (let round = 0; round < 20; round++) {
      const warehouse = await newWarehouse();
      const product = await newProduct('Tranh mua');
      await slip(warehouse, 'import', [
        { post_id: product, price: 100, number: 4, expiry: '2030-01-01' },
        { post_id: product, price: 200, number: 6 },
      ]);
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          slip(warehouse, 'export', [{ post_id: product, price: 1_000, number: 1 }]),
        ),
      );
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 201)).toHaveLength(10);
      expect(statuses.filter((status) => status === 422)).toHaveLength(40);
      const stock = await stockOf(warehouse, product);
      // 4 × 100 + 6 × 200 of cost for 10 × 1,000 of revenue.
      expect(stock).toMatchObject({ in_stock: 0, export: 10, revenue: 10_000, profit: 8_400 });
      const profits = answers
        .filter((answer) => answer.status === 201)
        .map((answer) => answer.body.data.profit as number)
        .sort((a, b) => b - a);
      expect(profits).toEqual([900, 900, 900, 900, 800, 800, 800, 800, 800, 800]);
    }
  }, 120_000); // twenty rounds of fifty writers: well over 30 s on a busy 2-core machine

  it('20 concurrent cancels of one export reverse it once', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    await slip(warehouse, 'import', [{ post_id: product, price: 100, number: 10 }]);
    const exported = await slip(warehouse, 'export', [{ post_id: product, price: 300, number: 6 }]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api('POST', `/warehouses/change/${exported.body.data.id}/cancel`),
      ),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 422)).toHaveLength(19);
    expect(await stockOf(warehouse, product)).toMatchObject({
      in_stock: 10,
      export: 0,
      revenue: 0,
      profit: 0,
    });
    const reversals = await t.db
      .selectFrom('stock_movements')
      .select('number')
      .where('change_id', '=', exported.body.data.id)
      .execute();
    expect(reversals.map((row) => row.number).sort((a, b) => a - b)).toEqual([-6, 6]);
  });

  it('an import cancelled while exports of its units race: either the cancel or the exports win, never both', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct();
    const imported = await slip(warehouse, 'import', [{ post_id: product, price: 100, number: 5 }]);
    const answers = await Promise.all([
      api('POST', `/warehouses/change/${imported.body.data.id}/cancel`),
      ...Array.from({ length: 5 }, () =>
        slip(warehouse, 'export', [{ post_id: product, price: 1, number: 1 }]),
      ),
    ]);
    const [cancel, ...exports] = answers;
    const sold = exports.filter((answer) => answer.status === 201).length;
    if (cancel!.status === 200) expect(sold).toBe(0);
    else expect(sold).toBeGreaterThan(0);
    const stock = await stockOf(warehouse, product);
    // A product whose only import was cancelled has no stock row left.
    expect(stock?.in_stock ?? 0).toBe(cancel!.status === 200 ? 0 : 5 - sold);
  });
});

describe('a product with units in stock', () => {
  it('is not deleted, by a posts-only role or anyone, until its units have left; then it is', async () => {
    const [first, second] = [await newWarehouse(), await newWarehouse()];
    const product = await newProduct('Bơ');
    await slip(first, 'import', [{ post_id: product, price: 10_000, number: 3 }]);
    await slip(second, 'import', [{ post_id: product, price: 10_000, number: 1 }]);
    const writer = (await t.createUser(['posts.list', 'posts.delete'])).token;
    for (const token of [writer, t.adminToken]) {
      const refused = await t.request('DELETE', `/api/v1/posts/${product}`, {
        token,
        locale: 'en',
      });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        id: [
          'This product still has 4 units in stock. Export them from the warehouse before deleting it.',
        ],
      });
    }
    // Still in the stock list, with its units.
    expect((await stockOf(first, product)).in_stock).toBe(3);
    await slip(first, 'export', [{ post_id: product, price: 10_000, number: 3 }]);
    await slip(second, 'export', [{ post_id: product, price: 10_000, number: 1 }]);
    const deleted = await t.request('DELETE', `/api/v1/posts/${product}`, { token: writer });
    expect(deleted.statusCode).toBe(204);
  });
});

describe('revenue and profit', () => {
  it('stay exact: an export that would take the running revenue past the money bound is refused', async () => {
    const MONEY_MAX = 1_000_000_000_000_000;
    const warehouse = await newWarehouse();
    const product = await newProduct('Kim cương');
    await slip(warehouse, 'import', [{ post_id: product, price: 3, number: 10 }]);
    const first = await slip(warehouse, 'export', [
      { post_id: product, price: MONEY_MAX - 7, number: 1 },
    ]);
    expect(first.status).toBe(201);
    // 2^53 lies past twice the bound: a second such export would leave exact numbers behind.
    const refused = await slip(warehouse, 'export', [
      { post_id: product, price: 1, number: 1 },
      { post_id: product, price: MONEY_MAX - 10, number: 1 },
    ]);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'products.0.price': [
        "This export would take the product's revenue or cost in this warehouse past the largest amount kept.",
      ],
    });
    const row = await stockOf(warehouse, product);
    expect(row).toMatchObject({ in_stock: 9, revenue: MONEY_MAX - 7, profit: MONEY_MAX - 10 });
    // Up to the bound itself is fine.
    expect(
      (await slip(warehouse, 'export', [{ post_id: product, price: 7, number: 1 }])).status,
    ).toBe(201);
    expect(await stockOf(warehouse, product)).toMatchObject({ revenue: MONEY_MAX });
  });
});

describe('purchase costs and profit', () => {
  it('are shown with edit-warehouses only: a reader of stock sees units and sales, not margins', async () => {
    const warehouse = await newWarehouse();
    const supplier = (
      await api('POST', '/suppliers', contactBody({ name: 'Nhà cung cấp Bơ' }), t.adminToken)
    ).body.data.id;
    const product = await newProduct('Bơ sáp');
    const imported = await slip(
      warehouse,
      'import',
      [{ post_id: product, price: 7_000, number: 5 }],
      {
        supplier_id: supplier,
      },
    );
    const exported = await slip(warehouse, 'export', [
      { post_id: product, price: 10_000, number: 2 },
    ]);
    const viewer = (await t.createUser(['manage-warehouses'])).token;
    const as = async (url: string, token: string) => (await api('GET', url, undefined, token)).body;

    const slips = (await as(`/warehouses/changes?warehouse_id=${warehouse}`, viewer)).data;
    const importSeen = slips.find((one: { id: number }) => one.id === imported.body.data.id);
    const exportSeen = slips.find((one: { id: number }) => one.id === exported.body.data.id);
    expect(importSeen).not.toHaveProperty('money');
    expect(importSeen).not.toHaveProperty('profit');
    expect(importSeen.products[0]).not.toHaveProperty('price');
    expect(importSeen.products[0]).not.toHaveProperty('cost');
    expect(importSeen.products[0]).toMatchObject({ post_id: product, number: 5 });
    // What it was sold at stays; what it cost and earned does not.
    expect(exportSeen).toMatchObject({ money: 20_000 });
    expect(exportSeen).not.toHaveProperty('profit');
    expect(exportSeen.products[0]).toMatchObject({ price: 10_000, number: 2 });
    expect(exportSeen.products[0]).not.toHaveProperty('cost');

    const [row] = (await as(`/warehouses/products?warehouse_id=${warehouse}`, viewer)).data;
    expect(row).toMatchObject({ in_stock: 3, number: 5, export: 2, revenue: 20_000 });
    expect(row).not.toHaveProperty('price');
    expect(row).not.toHaveProperty('profit');
    const moves = (await as(`/warehouses/change/items?post_id=${product}`, viewer)).data;
    expect(moves.find((one: { style: string }) => one.style === 'import')).not.toHaveProperty(
      'price',
    );
    expect(moves.find((one: { style: string }) => one.style === 'export')).toMatchObject({
      price: 10_000,
    });
    const delivered = (await as(`/suppliers/${supplier}/products`, viewer)).data;
    expect(delivered[0]).toMatchObject({ post_id: product, number: 5 });
    expect(delivered[0]).not.toHaveProperty('price');
    const csv = await t.request(
      'GET',
      `/api/v1/warehouses/products/export?warehouse_id=${warehouse}`,
      {
        token: viewer,
        locale: 'en',
      },
    );
    expect(csv.statusCode).toBe(200);
    const header = csv.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]!;
    expect(header).toContain('Revenue');
    expect(header).not.toContain('Profit');
    expect(header).not.toContain('Price');

    // edit-warehouses shows them all.
    const [full] = (await as(`/warehouses/products?warehouse_id=${warehouse}`, editor)).data;
    expect(full).toMatchObject({ price: 7_000, revenue: 20_000, profit: 6_000 });
    const fullSlips = (await as(`/warehouses/changes?warehouse_id=${warehouse}`, editor)).data;
    expect(fullSlips.find((one: { id: number }) => one.id === imported.body.data.id)).toMatchObject(
      {
        money: 35_000,
        profit: 0,
      },
    );
    const fullCsv = await t.request(
      'GET',
      `/api/v1/warehouses/products/export?warehouse_id=${warehouse}`,
      { token: editor, locale: 'en' },
    );
    expect(fullCsv.body.split(/\r?\n/)[0]).toContain('Profit');
  });
});

describe('deleting what slips name', () => {
  it('refuses a warehouse or a supplier named on a slip, saying why in the reader’s language, and keeps both', async () => {
    const warehouse = await newWarehouse();
    const supplier = (
      await api('POST', '/suppliers', contactBody({ name: 'Đà Lạt Milk' }), t.adminToken)
    ).body.data.id as number;
    const product = await newProduct('Sữa chua');
    const imported = await slip(
      warehouse,
      'import',
      [{ post_id: product, price: 9_000, number: 4 }],
      {
        supplier_id: supplier,
      },
    );
    expect(imported.status).toBe(201);

    const remove = (path: string) =>
      t.request('DELETE', `/api/v1${path}`, { token: t.adminToken, locale: 'vi' });
    const refusedWarehouse = await remove(`/warehouses/${warehouse}`);
    expect(refusedWarehouse.statusCode).toBe(422);
    expect(refusedWarehouse.json().errors).toEqual({
      id: [
        'Kho này đã có phiếu nhập hoặc xuất nên không thể xóa: lịch sử tồn kho của nó được giữ lại.',
      ],
    });
    const refusedSupplier = await remove(`/suppliers/${supplier}`);
    expect(refusedSupplier.statusCode).toBe(422);
    expect(refusedSupplier.json().errors).toEqual({
      id: ['Nhà cung cấp này có trong phiếu nhập kho nên không thể xóa: các phiếu vẫn ghi tên họ.'],
    });
    expect((await api('GET', `/warehouses/${warehouse}`)).status).toBe(200);
    expect((await api('GET', `/suppliers/${supplier}`, undefined, t.adminToken)).status).toBe(200);

    // one nobody names goes
    const unused = await newWarehouse();
    expect((await remove(`/warehouses/${unused}`)).statusCode).toBe(204);
  });
});
