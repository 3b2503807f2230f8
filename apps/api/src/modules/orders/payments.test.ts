import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { CatalogProduct, ProductCatalog } from './product-catalog';

const products = new Map<number, CatalogProduct>([
  [
    1,
    {
      id: 1,
      code: 'SP000001',
      title: 'Cà phê hạt',
      image: null,
      price: 150_000,
      agencyPrices: {},
      discountId: null,
    },
  ],
]);
const catalog: ProductCatalog = {
  find: async (_db, ids) =>
    new Map(ids.flatMap((id) => (products.has(id) ? [[id, { ...products.get(id)! }]] : []))),
};

let t: TestApp;
let clerk: string;
let clerkId: number;
let reader: string;
beforeAll(async () => {
  t = await createTestApp({}, { productCatalog: catalog });
  const user = await t.createUser(['orders.list', 'orders.create', 'orders.update']);
  clerk = user.token;
  clerkId = user.id;
  reader = (await t.createUser(['orders.list'])).token;
});
afterAll(() => t.close());

const customer = {
  name: 'Nguyễn Văn An',
  phone: '0912345678',
  address: '12 Lê Lợi, Phường Sài Gòn',
  products: [{ post_id: 1, quantity: 2 }],
};

const create = async (body: Record<string, unknown> = {}) => {
  const response = await t.request('POST', '/api/v1/orders', {
    token: clerk,
    body: { ...customer, ...body },
    locale: 'en',
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as Record<string, unknown> & { id: number; code: string };
};

const act = (id: number, action: 'mark-paid' | 'refund', token = clerk, locale = 'en') =>
  t.request('POST', `/api/v1/orders/${id}/${action}`, { token, locale });

const list = async (query: string) => {
  const response = await t.request('GET', `/api/v1/orders?${query}&limit=100`, { token: reader });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as Array<{ id: number }>).map((order) => order.id);
};

describe('payment method and status', () => {
  it('starts an order as cash on delivery and unpaid, or with the method chosen', async () => {
    const plain = await create();
    expect(plain).toMatchObject({ payment_method: 'cod', payment_status: 'unpaid', paid_at: null });
    const transfer = await create({ payment_method: 'bank_transfer' });
    expect(transfer).toMatchObject({ payment_method: 'bank_transfer', payment_status: 'unpaid' });
    const shown = await t.request('GET', `/api/v1/orders/${transfer.id}`, { token: reader });
    expect(shown.json().data.payment_method).toBe('bank_transfer');
  });

  it('refuses an unknown method by name in the reader’s language, and a status sent in the body', async () => {
    const wrong = await t.request('POST', '/api/v1/orders', {
      token: clerk,
      body: { ...customer, payment_method: 'bitcoin' },
      locale: 'vi',
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.payment_method).toEqual([
      'Hãy chọn hình thức thanh toán: COD, chuyển khoản, tiền mặt hoặc thẻ.',
    ]);
    // The payment status moves only through the audited actions.
    const order = await create();
    const patched = await t.request('PATCH', `/api/v1/orders/${order.id}`, {
      token: clerk,
      body: { payment_status: 'paid' },
      locale: 'en',
    });
    expect(patched.statusCode).toBe(422);
    expect(Object.keys(patched.json().errors)).toEqual(['payment_status']);
  });

  it('changes the method in the form while unpaid, even once delivered, and never after payment', async () => {
    const order = await create();
    const edit = (body: unknown) =>
      t.request('PATCH', `/api/v1/orders/${order.id}`, { token: clerk, body, locale: 'en' });
    for (const status of ['processing', 'delivery', 'delivered'])
      expect((await edit({ status })).statusCode).toBe(200);
    const changed = await edit({ payment_method: 'cash' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.payment_method).toBe('cash');
    expect((await act(order.id, 'mark-paid')).statusCode).toBe(200);
    const locked = await edit({ payment_method: 'card' });
    expect(locked.statusCode).toBe(422);
    expect(locked.json().errors.payment_method).toEqual([
      'The payment method of a paid or refunded order cannot change.',
    ]);
    // sending the method it already has is no change
    expect((await edit({ payment_method: 'cash', note: 'Đã thu' })).statusCode).toBe(200);
  });
});

describe('mark paid and refund', () => {
  it('marks an unpaid order paid now, then refunds it, each logged with its before and after', async () => {
    const order = await create({ payment_method: 'bank_transfer' });
    const before = Date.now();
    const paid = await act(order.id, 'mark-paid');
    expect(paid.statusCode, paid.body).toBe(200);
    const data = paid.json().data;
    expect(data).toMatchObject({ id: order.id, payment_status: 'paid', code: order.code });
    expect(Date.parse(data.paid_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(data.products).toHaveLength(1);

    const refunded = await act(order.id, 'refund');
    expect(refunded.statusCode).toBe(200);
    // it was paid then: the time stays
    expect(refunded.json().data).toMatchObject({
      payment_status: 'refunded',
      paid_at: data.paid_at,
    });

    const entries = await t.db
      .selectFrom('audit_logs')
      .select(['user_id', 'action', 'entity', 'changes'])
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(order.id))
      .where('action', '=', 'update')
      .orderBy('id')
      .execute();
    const changes = entries.map((entry) =>
      typeof entry.changes === 'string' ? JSON.parse(entry.changes) : entry.changes,
    );
    expect(entries.every((entry) => entry.user_id === clerkId)).toBe(true);
    expect(changes).toEqual([
      { payment_status: ['unpaid', 'paid'], paid_at: [null, data.paid_at] },
      { payment_status: ['paid', 'refunded'] },
    ]);
  });

  it('refuses a step from the wrong status, and a canceled order’s payment, changing nothing', async () => {
    const order = await create();
    const refund = await act(order.id, 'refund', clerk, 'vi');
    expect(refund.statusCode).toBe(422);
    expect(refund.json()).toMatchObject({
      code: 'validation_failed',
      errors: { payment_status: ['Chỉ đơn đã thanh toán mới được hoàn tiền.'] },
    });
    expect((await act(order.id, 'mark-paid')).statusCode).toBe(200);
    const twice = await act(order.id, 'mark-paid');
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.payment_status).toEqual([
      'Only an unpaid order can be marked paid.',
    ]);

    const canceled = await create();
    await t.request('PATCH', `/api/v1/orders/${canceled.id}`, {
      token: clerk,
      body: { status: 'canceled' },
    });
    const pay = await act(canceled.id, 'mark-paid');
    expect(pay.statusCode).toBe(422);
    expect(pay.json().errors.payment_status).toEqual(['A canceled order cannot be marked paid.']);
    const row = await t.db
      .selectFrom('orders')
      .select(['payment_status', 'paid_at'])
      .where('id', '=', canceled.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ payment_status: 'unpaid', paid_at: null });
  });

  it('lets two clicks at once mark an order paid only once', async () => {
    const order = await create();
    const answers = await Promise.all([act(order.id, 'mark-paid'), act(order.id, 'mark-paid')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const logged = await t.db
      .selectFrom('audit_logs')
      .select('id')
      .where('entity', '=', 'order')
      .where('entity_id', '=', String(order.id))
      .where('action', '=', 'update')
      .execute();
    expect(logged).toHaveLength(1);
  });

  it('needs orders.update, a sign-in, and an order that exists', async () => {
    const order = await create();
    const forbidden = await act(order.id, 'mark-paid', reader);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'forbidden' });
    expect((await t.request('POST', `/api/v1/orders/${order.id}/refund`)).statusCode).toBe(401);
    const missing = await act(999_999, 'mark-paid');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'not_found' });
    expect((await act(order.id, 'mark-paid', clerk)).statusCode).toBe(200);
  });
});

describe('the orders list', () => {
  it('filters by payment method and payment status, and refuses unknown values by name', async () => {
    const card = await create({ payment_method: 'card' });
    const cardPaid = await create({ payment_method: 'card' });
    await act(cardPaid.id, 'mark-paid');
    const cardIds = await list('payment_method=card');
    expect(cardIds).toEqual([cardPaid.id, card.id]);
    expect(await list('payment_method=card&payment_status=paid')).toEqual([cardPaid.id]);
    const paid = await list('payment_status=paid');
    expect(paid).toContain(cardPaid.id);
    expect(paid).not.toContain(card.id);
    const rows = await t.request('GET', '/api/v1/orders?payment_method=card', { token: reader });
    expect(rows.json().data[0]).toMatchObject({ payment_method: 'card', payment_status: 'paid' });
    expect(rows.json().meta.pagination.total).toBe(2);
    const wrong = await t.request('GET', '/api/v1/orders?payment_status=maybe', {
      token: reader,
      locale: 'en',
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['payment_status']);
  });

  it.each([
    ['en', 'Payment method', 'Payment status', ['Card', 'Unpaid'], ['Card', 'Paid']],
    [
      'vi',
      'Phương thức thanh toán',
      'Trạng thái thanh toán',
      ['Thẻ', 'Chưa thanh toán'],
      ['Thẻ', 'Đã thanh toán'],
    ],
  ] as const)(
    'exports the payment method and status with the list’s filters, in words (%s)',
    async (locale, methodHeader, statusHeader, first, second) => {
      const answer = await t.request(
        'GET',
        '/api/v1/orders/export?format=csv&payment_method=card&orderBy=id&sortedBy=asc',
        { token: reader, locale },
      );
      expect(answer.statusCode).toBe(200);
      const [header, ...rows] = parse(answer.body, { bom: true }) as string[][];
      const method = header!.indexOf(methodHeader);
      const status = header!.indexOf(statusHeader);
      expect(method).toBeGreaterThan(-1);
      expect(status).toBeGreaterThan(-1);
      expect(rows.map((row) => [row[method], row[status]])).toEqual([first, second]);
    },
  );
});

describe('one clock', () => {
  it('dates an order, its code, its log entry and its payment by the app’s clock, as one moment', async () => {
    // 23:30 on 9 March in UTC is 06:30 on 10 March in the shop
    let at = new Date('2026-03-09T23:30:00.000Z');
    const shop = await createTestApp({}, { productCatalog: catalog, clock: { now: () => at } });
    try {
      const made = await shop.request('POST', '/api/v1/orders', {
        token: shop.adminToken,
        body: customer,
      });
      expect(made.statusCode, made.body).toBe(201);
      const order = made.json().data as { id: number; code: string; created_at: string };
      expect(order.code.slice(0, 8)).toBe('DH260310');
      expect(new Date(order.created_at).toISOString()).toBe('2026-03-09T23:30:00.000Z');
      const logged = await shop.request('GET', '/api/v1/audit-logs?resource=order&action=create', {
        token: shop.adminToken,
      });
      expect(
        logged
          .json()
          .data.map((entry: { created_at: string }) => new Date(entry.created_at).toISOString()),
      ).toEqual(['2026-03-09T23:30:00.000Z']);
      at = new Date('2026-03-11T02:00:00.000Z');
      const paid = await shop.request('POST', `/api/v1/orders/${order.id}/mark-paid`, {
        token: shop.adminToken,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect(new Date(paid.json().data.paid_at).toISOString()).toBe('2026-03-11T02:00:00.000Z');
      // and the day filter, which reads the same clock, finds it on the shop's 10 March
      const day = await shop.request('GET', '/api/v1/orders?from=2026-03-10&to=2026-03-10', {
        token: shop.adminToken,
      });
      expect(day.json().data.map((one: { id: number }) => one.id)).toEqual([order.id]);
    } finally {
      await shop.close();
    }
  });
});
