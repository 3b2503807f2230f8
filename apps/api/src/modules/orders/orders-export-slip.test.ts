import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactBody } from '../contacts/contact-test-kit';

/** An order moving to delivery with a warehouse makes its export slip in the same transaction. */
let t: TestApp;
let staff: string;
let typeId = 0;
let discountId = 0;
let productCount = 0;

const DAY = 24 * 60 * 60 * 1000;
const notEnough = (left: number) => `Not enough in stock for this export: ${left} left.`;
const ONLY_DELIVERY =
  'A warehouse can be given only with the move from processing to delivery (its export slip).';

const call = async (
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  body?: unknown,
  token = staff,
) => {
  const response = await t.request(method, `/api/v1${url}`, { token, body, locale: 'en' });
  return { status: response.statusCode, body: response.json() };
};

const newProduct = async (price: number, discounted = false) => {
  productCount += 1;
  const created = await call('POST', '/posts', {
    type_id: typeId,
    title: `Bánh pía ${productCount}`,
    product: {
      code: `BP-${productCount}`,
      price,
      ...(discounted ? { discount_id: discountId } : {}),
    },
  });
  expect(created.status).toBe(201);
  return created.body.data.id as number;
};

const newWarehouse = async () => {
  const created = await call('POST', '/warehouses', contactBody());
  expect(created.status).toBe(201);
  return created.body.data.id as number;
};

const importStock = async (warehouseId: number, lines: Array<[postId: number, number: number]>) => {
  const created = await call('POST', `/warehouses/${warehouseId}/change`, {
    style: 'import',
    products: lines.map(([post_id, number]) => ({ post_id, number, price: 10_000 })),
  });
  expect(created.status).toBe(201);
};

const inStock = async (warehouseId: number, postId: number) => {
  const list = await call(
    'GET',
    `/warehouses/products?warehouse_id=${warehouseId}&post_id=${postId}`,
  );
  expect(list.status).toBe(200);
  return Number(list.body.data[0]?.in_stock ?? 0);
};

const slipsOf = async (orderId: number) =>
  (await call('GET', `/warehouses/changes?order_id=${orderId}`)).body.data as Array<{
    id: number;
    money: number;
    products: Array<Record<string, unknown>>;
  }>;

/** A processing order of these lines. */
const processingOrder = async (products: Array<{ post_id: number; quantity: number }>) => {
  const created = await call('POST', '/orders', {
    name: 'Lê Văn Cường',
    phone: '0912345678',
    address: '3 Nguyễn Huệ',
    products,
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id as number;
  expect((await call('PATCH', `/orders/${id}`, { status: 'processing' })).status).toBe(200);
  return created.body.data as { id: number; code: string };
};

const statusOf = async (orderId: number) =>
  (await call('GET', `/orders/${orderId}`)).body.data.status;

beforeAll(async () => {
  t = await createTestApp();
  staff = (
    await t.createUser([
      'posts.list',
      'posts.create',
      'orders.list',
      'orders.create',
      'orders.update',
      'manage-warehouses',
      'edit-warehouses',
    ])
  ).token;
  const type = await call('POST', '/types', { style: 'product', title: 'Bánh' }, t.adminToken);
  typeId = type.body.data.id;
  // A discount already applying cannot be made through the API (its start must lie ahead).
  const stamp = new Date().toISOString();
  const { rows } = await sql<{ id: number }>`insert into discounts
    (title, start_at, end_at, config, status, search_text, created_at, updated_at)
    values ('Mua 2', ${new Date(Date.now() - DAY).toISOString()}, ${new Date(Date.now() + 30 * DAY).toISOString()},
      ${JSON.stringify([{ quantity: 2, discount: 2_000, type: 'money' }])}, 'enable', '', ${stamp}, ${stamp})
    returning id`.execute(t.db);
  discountId = Number(rows[0]!.id);
});
afterAll(() => t.close());

describe('the export slip of an order moving to delivery', () => {
  it('exports the lines at their sold price less discount, and the order names its slip', async () => {
    const warehouse = await newWarehouse();
    const [cake, tea] = [await newProduct(50_000, true), await newProduct(30_000)];
    await importStock(warehouse, [
      [cake, 10],
      [tea, 5],
    ]);
    const order = await processingOrder([
      { post_id: cake, quantity: 2 },
      { post_id: tea, quantity: 3 },
    ]);

    const moved = await call('PATCH', `/orders/${order.id}`, {
      status: 'delivery',
      warehouse_id: warehouse,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data.status).toBe('delivery');
    expect(moved.body.data.export_slip).toEqual({
      id: expect.any(Number),
      code: expect.stringMatching(/^PX\d{10}$/),
    });

    const [slip] = await slipsOf(order.id);
    expect(slip).toMatchObject({
      id: moved.body.data.export_slip.id,
      code: moved.body.data.export_slip.code,
      style: 'export',
      status: 'complete',
      warehouse_id: warehouse,
      order_id: order.id,
      order: { id: order.id, code: order.code },
      // written in the language of who moved the order (English here)
      note: `Order ${order.code}`,
      // (50 000 − 2 000) × 2 + 30 000 × 3
      money: 186_000,
    });
    expect(slip!.money).toBe(moved.body.data.subtotal);
    expect(
      slip!.products.map((line: Record<string, unknown>) => [
        line.post_id,
        line.price,
        line.number,
      ]),
    ).toEqual([
      [cake, 48_000, 2],
      [tea, 30_000, 3],
    ]);
    expect(await inStock(warehouse, cake)).toBe(8);
    expect(await inStock(warehouse, tea)).toBe(2);

    const shown = await call('GET', `/orders/${order.id}`);
    expect(shown.body.data.export_slip).toEqual(moved.body.data.export_slip);
    const listed = await call('GET', `/orders?search=code:${order.code}`);
    expect(listed.body.data[0].export_slip).toEqual(moved.body.data.export_slip);
  });

  it('refuses the move when a line is short, naming it; the status, the stock and the slips stay', async () => {
    const warehouse = await newWarehouse();
    const [cake, tea] = [await newProduct(50_000), await newProduct(30_000)];
    await importStock(warehouse, [
      [cake, 10],
      [tea, 1],
    ]);
    const order = await processingOrder([
      { post_id: cake, quantity: 2 },
      { post_id: tea, quantity: 3 },
    ]);

    const refused = await call('PATCH', `/orders/${order.id}`, {
      status: 'delivery',
      warehouse_id: warehouse,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ 'products.1.quantity': [notEnough(1)] });
    expect(await statusOf(order.id)).toBe('processing');
    expect(await inStock(warehouse, cake)).toBe(10);
    expect(await inStock(warehouse, tea)).toBe(1);
    expect(await slipsOf(order.id)).toEqual([]);
    expect((await call('GET', `/orders/${order.id}`)).body.data.export_slip).toBeNull();
  });

  it('refuses a warehouse that does not exist, on warehouse_id', async () => {
    const product = await newProduct(10_000);
    const order = await processingOrder([{ post_id: product, quantity: 1 }]);
    const refused = await call('PATCH', `/orders/${order.id}`, {
      status: 'delivery',
      warehouse_id: 999_999,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ warehouse_id: ['This warehouse does not exist.'] });
    expect(await statusOf(order.id)).toBe('processing');
  });

  it('refuses a warehouse with any other move, or with none', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 10]]);
    const created = await call('POST', '/orders', {
      name: 'Phạm Thị Dung',
      phone: '0912345679',
      address: '9 Lý Thường Kiệt',
      products: [{ post_id: product, quantity: 1 }],
    });
    const id = created.body.data.id as number;
    for (const body of [
      { status: 'processing', warehouse_id: warehouse },
      { warehouse_id: warehouse },
      { note: 'Giao buổi sáng', warehouse_id: warehouse },
    ]) {
      const refused = await call('PATCH', `/orders/${id}`, body);
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({ warehouse_id: [ONLY_DELIVERY] });
    }
    expect(await statusOf(id)).toBe('new');
    // Checked against the stored status too: new → delivery is no move, delivery → delivery neither.
    const skipped = await call('PATCH', `/orders/${id}`, {
      status: 'delivery',
      warehouse_id: warehouse,
    });
    expect(skipped.status).toBe(422);
    expect(await slipsOf(id)).toEqual([]);
    expect(await inStock(warehouse, product)).toBe(10);
    expect((await call('PATCH', `/orders/${id}`, { status: 'processing' })).status).toBe(200);
    expect(
      (await call('PATCH', `/orders/${id}`, { status: 'delivery', warehouse_id: warehouse }))
        .status,
    ).toBe(200);
    const again = await call('PATCH', `/orders/${id}`, {
      status: 'delivery',
      warehouse_id: warehouse,
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ warehouse_id: [ONLY_DELIVERY] });
    expect(await slipsOf(id)).toHaveLength(1);
    expect(await inStock(warehouse, product)).toBe(9);
  });

  it('a move that names no warehouse exports from the first that holds every line', async () => {
    const [first, second] = [await newWarehouse(), await newWarehouse()];
    const [cake, tea] = [await newProduct(10_000), await newProduct(20_000)];
    // The first warehouse is short of tea; the second holds both lines.
    await importStock(first, [
      [cake, 5],
      [tea, 1],
    ]);
    await importStock(second, [
      [cake, 5],
      [tea, 5],
    ]);
    const order = await processingOrder([
      { post_id: cake, quantity: 2 },
      { post_id: tea, quantity: 2 },
    ]);
    // moved by a staff member reading Vietnamese: the slip's note is theirs
    const moved = await t.request('PATCH', `/api/v1/orders/${order.id}`, {
      token: staff,
      body: { status: 'delivery' },
      locale: 'vi',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.export_slip).not.toBeNull();
    const [slip] = (await call('GET', `/warehouses/changes?order_id=${order.id}`)).body.data;
    expect(slip.warehouse_id).toBe(second);
    expect(slip.note).toBe(`Đơn hàng ${order.code}`);
    expect([await inStock(second, cake), await inStock(second, tea)]).toEqual([3, 3]);
    expect([await inStock(first, cake), await inStock(first, tea)]).toEqual([5, 1]);
  });

  it('refuses a move no warehouse can serve, naming each short line and the units on hand', async () => {
    const warehouse = await newWarehouse();
    const [cake, tea, jam] = [
      await newProduct(10_000),
      await newProduct(20_000),
      await newProduct(30_000),
    ];
    await importStock(warehouse, [
      [cake, 3],
      [tea, 9],
    ]);
    const order = await processingOrder([
      { post_id: cake, quantity: 4 },
      { post_id: tea, quantity: 2 },
      { post_id: jam, quantity: 1 },
    ]);
    const refused = await call('PATCH', `/orders/${order.id}`, { status: 'delivery' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'products.0.quantity': [notEnough(3)],
      'products.2.quantity': [notEnough(0)],
    });
    const vi = await t.request('PATCH', `/api/v1/orders/${order.id}`, {
      token: staff,
      body: { status: 'delivery' },
      locale: 'vi',
    });
    expect(vi.json().errors['products.0.quantity']).toEqual([
      'Không đủ hàng trong kho để xuất: chỉ còn 3.',
    ]);
    expect(await statusOf(order.id)).toBe('processing');
    expect(await inStock(warehouse, cake)).toBe(3);
    expect(await slipsOf(order.id)).toEqual([]);
  });

  it('a staff member with orders.update alone ships: the slip is made and records who moved it', async () => {
    const clerk = await t.createUser(['orders.list', 'orders.update']);
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 4]]);
    const order = await processingOrder([{ post_id: product, quantity: 1 }]);
    const moved = await call(
      'PATCH',
      `/orders/${order.id}`,
      { status: 'delivery', warehouse_id: warehouse },
      clerk.token,
    );
    expect(moved.status).toBe(200);
    expect(await statusOf(order.id)).toBe('delivery');
    expect(await inStock(warehouse, product)).toBe(3);
    const [slip] = (await call('GET', `/warehouses/changes?order_id=${order.id}`)).body.data;
    expect(slip.user).toMatchObject({ id: clerk.id });
    // The slips themselves stay a warehouse matter: the clerk cannot make one by hand.
    const byHand = await call(
      'POST',
      `/warehouses/${warehouse}/change`,
      { style: 'export', products: [{ post_id: product, price: 1, number: 1 }] },
      clerk.token,
    );
    expect(byHand.status).toBe(403);
  });

  it('an order that left the warehouse is never deleted; one still at home is', async () => {
    const remover = (await t.createUser(['orders.list', 'orders.update', 'orders.delete'])).token;
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 10]]);
    const del = async (id: number) =>
      (await t.request('DELETE', `/api/v1/orders/${id}`, { token: remover, locale: 'en' }))
        .statusCode;
    const shipped = await processingOrder([{ post_id: product, quantity: 2 }]);
    expect((await call('PATCH', `/orders/${shipped.id}`, { status: 'delivery' })).status).toBe(200);
    const refused = await t.request('DELETE', `/api/v1/orders/${shipped.id}`, {
      token: remover,
      locale: 'en',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status[0]).toMatch(/cannot be deleted/);
    expect((await call('PATCH', `/orders/${shipped.id}`, { status: 'delivered' })).status).toBe(
      200,
    );
    expect(await del(shipped.id)).toBe(422);
    // Exported by hand while still processing: the goods have left too.
    const byHand = await processingOrder([{ post_id: product, quantity: 1 }]);
    expect(
      (
        await call('POST', `/warehouses/${warehouse}/change`, {
          style: 'export',
          order_id: byHand.id,
        })
      ).status,
    ).toBe(201);
    expect(await del(byHand.id)).toBe(422);
    expect(await statusOf(shipped.id)).toBe('delivered');
    expect(await slipsOf(shipped.id)).toHaveLength(1);
    expect(await inStock(warehouse, product)).toBe(7);
    const athome = await processingOrder([{ post_id: product, quantity: 1 }]);
    expect(await del(athome.id)).toBe(204);
  });

  it('no export slip is made for a cancelled order', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 5]]);
    const order = await processingOrder([{ post_id: product, quantity: 2 }]);
    expect((await call('PATCH', `/orders/${order.id}`, { status: 'canceled' })).status).toBe(200);
    const refused = await call('POST', `/warehouses/${warehouse}/change`, {
      style: 'export',
      order_id: order.id,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      order_id: ['This order is canceled: nothing of it leaves the warehouse.'],
    });
    expect(await inStock(warehouse, product)).toBe(5);
  });

  it('an order leaves the warehouse once: a second export slip of it is refused, by hand or by the move', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 10]]);
    const order = await processingOrder([{ post_id: product, quantity: 2 }]);
    // Staff export the order by hand from the slips screen: its lines are taken.
    const byHand = await call('POST', `/warehouses/${warehouse}/change`, {
      style: 'export',
      order_id: order.id,
    });
    expect(byHand.status).toBe(201);
    expect(byHand.body.data.order).toEqual({ id: order.id, code: order.code });
    expect(await inStock(warehouse, product)).toBe(8);
    const again = await call('POST', `/warehouses/${warehouse}/change`, {
      style: 'export',
      order_id: order.id,
      products: [{ post_id: product, price: 10_000, number: 1 }],
    });
    expect(again.status).toBe(422);
    expect(again.body.errors).toEqual({ order_id: ['This order already has an export slip.'] });
    const moved = await call('PATCH', `/orders/${order.id}`, {
      status: 'delivery',
      warehouse_id: warehouse,
    });
    expect(moved.status).toBe(422);
    expect(moved.body.errors).toEqual({
      warehouse_id: ['This order already has an export slip.'],
    });
    expect(await statusOf(order.id)).toBe('processing');
    // Without a warehouse the move goes on: the slip made by hand stands for it.
    expect((await call('PATCH', `/orders/${order.id}`, { status: 'delivery' })).status).toBe(200);
    expect(await inStock(warehouse, product)).toBe(8);
    expect(await slipsOf(order.id)).toHaveLength(1);
    // Once that slip is cancelled, the order may be exported again.
    expect((await call('POST', `/warehouses/change/${byHand.body.data.id}/cancel`)).status).toBe(
      200,
    );
    const afterCancel = await call('POST', `/warehouses/${warehouse}/change`, {
      style: 'export',
      order_id: order.id,
    });
    expect(afterCancel.status).toBe(201);
  });

  it('cancelling an order reverses its export slip, and needs edit-warehouses to do so', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 6]]);
    const order = await processingOrder([{ post_id: product, quantity: 4 }]);
    const exported = await call('POST', `/warehouses/${warehouse}/change`, {
      style: 'export',
      order_id: order.id,
    });
    expect(exported.status).toBe(201);
    expect(await inStock(warehouse, product)).toBe(2);

    const ordersOnly = (await t.createUser(['orders.list', 'orders.update'])).token;
    const denied = await call('PATCH', `/orders/${order.id}`, { status: 'canceled' }, ordersOnly);
    expect(denied.status).toBe(403);
    expect(await statusOf(order.id)).toBe('processing');
    expect(await inStock(warehouse, product)).toBe(2);

    const canceled = await call('PATCH', `/orders/${order.id}`, { status: 'canceled' });
    expect(canceled.status).toBe(200);
    expect(await inStock(warehouse, product)).toBe(6);
    const slip = await call('GET', `/warehouses/changes?id=${exported.body.data.id}`);
    expect(slip.body.data[0].status).toBe('canceled');
    // An order without a slip is cancelled by the order permission alone, as before.
    const plain = await processingOrder([{ post_id: product, quantity: 1 }]);
    expect(
      (await call('PATCH', `/orders/${plain.id}`, { status: 'canceled' }, ordersOnly)).status,
    ).toBe(200);
  });

  it('two orders moving at once that together exceed the stock: exactly one goes', async () => {
    const warehouse = await newWarehouse();
    const product = await newProduct(10_000);
    await importStock(warehouse, [[product, 5]]);
    for (let round = 0; round < 3; round++) {
      const orders = [
        await processingOrder([{ post_id: product, quantity: 3 }]),
        await processingOrder([{ post_id: product, quantity: 3 }]),
      ];
      const answers = await Promise.all(
        orders.map((order) =>
          call('PATCH', `/orders/${order.id}`, { status: 'delivery', warehouse_id: warehouse }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
      expect(await inStock(warehouse, product)).toBe(2);
      const moved = orders.filter((_, index) => answers[index]!.status === 200);
      for (const order of orders)
        expect(await statusOf(order.id)).toBe(moved.includes(order) ? 'delivery' : 'processing');
      expect((await Promise.all(orders.map((order) => slipsOf(order.id)))).flat()).toHaveLength(
        moved.length,
      );
      // Back to 5 units for the next round.
      await importStock(warehouse, [[product, 3]]);
    }
  });
});
