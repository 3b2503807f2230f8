import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopDay } from '../../core/shop-days';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let typeId: number;
const products: number[] = [];

const api = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, token = t.adminToken) =>
  t.request(method, `/api/v1${url}`, { token, body, locale: 'en' });

/** An order of `lines` ([product index, quantity]) moved to `status` through the API. */
const order = async (lines: Array<[number, number]>, status: string, createdAt?: string) => {
  const created = await api('POST', '/orders', {
    name: 'Nguyễn Văn An',
    phone: '0912345678',
    address: '12 Lê Lợi',
    products: lines.map(([index, quantity]) => ({ post_id: products[index]!, quantity })),
  });
  expect(created.statusCode).toBe(201);
  const id = created.json().data.id as number;
  const path = ['processing', 'delivery', 'delivered'];
  if (status === 'canceled') await api('PATCH', `/orders/${id}`, { status: 'canceled' });
  else
    for (const step of path.slice(0, path.indexOf(status) + 1))
      expect((await api('PATCH', `/orders/${id}`, { status: step })).statusCode).toBe(200);
  if (createdAt)
    await t.db.updateTable('orders').set({ created_at: createdAt }).where('id', '=', id).execute();
  return created.json().data as { id: number; total: number };
};

beforeAll(async () => {
  t = await createTestApp();
  typeId = (await api('POST', '/types', { style: 'product', title: 'Cà phê' })).json().data.id;
  for (const [title, price] of [
    ['Cà phê sữa', 30_000],
    ['Bạc xỉu', 35_000],
    ['Trà đào', 40_000],
  ] as const)
    products.push(
      (await api('POST', '/posts', { type_id: typeId, title, product: { price } })).json().data.id,
    );
});
afterAll(() => t.close());

describe('the dashboard', () => {
  it('counts orders by status and revenue from delivered orders, per shop day and today', async () => {
    const delivered = await order(
      [
        [0, 2],
        [1, 1],
      ],
      'delivered',
    );
    await order([[2, 1]], 'processing');
    await order([[2, 5]], 'canceled');
    // 17:30 UTC on 1 March is 00:30 on 2 March in Vietnam
    const early = await order([[1, 3]], 'delivered', '2026-03-01T17:30:00.000Z');
    await order([[0, 1]], 'new', '2026-03-01T16:30:00.000Z'); // 23:30 on 1 March there

    const march = (await api('GET', '/dashboard?from=2026-03-01&to=2026-03-03')).json().data;
    expect(march.orders).toMatchObject({
      count: 2,
      revenue: early.total,
      by_status: { new: 1, processing: 0, delivery: 0, delivered: 1, canceled: 0 },
    });
    expect(march.revenue_by_day).toEqual([
      { date: '2026-03-01', orders: 1, revenue: 0 },
      { date: '2026-03-02', orders: 1, revenue: early.total },
      { date: '2026-03-03', orders: 0, revenue: 0 },
    ]);
    expect(march.top_products).toEqual([
      {
        post_id: products[1],
        type_id: typeId,
        title: 'Bạc xỉu',
        quantity: 3,
        revenue: early.total,
      },
    ]);

    const today = shopDay(new Date());
    const now = (await api('GET', `/dashboard?from=${today}&to=${today}`)).json().data;
    expect(now.today).toBe(today);
    expect(now.orders).toMatchObject({
      count: 3,
      revenue: delivered.total,
      by_status: { delivered: 1, processing: 1, canceled: 1, new: 0 },
      today: { count: 3, revenue: delivered.total },
    });
    // the canceled order's five units sold nothing
    expect(now.top_products.map((p: { post_id: number }) => p.post_id)).toEqual([
      products[0],
      products[1],
    ]);
  });

  it('reads this month up to today by default', async () => {
    const today = shopDay(new Date());
    const answer = (await api('GET', '/dashboard')).json().data;
    expect(answer).toMatchObject({ from: `${today.slice(0, 8)}01`, to: today });
    expect(answer.revenue_by_day.at(-1).date).toBe(today);
    expect(answer.revenue_by_day).toHaveLength(Number(today.slice(8)));
  });

  it('counts posts waiting for approval, open feedback, new comments, low stock and expiring lots', async () => {
    await api('POST', '/posts', { type_id: typeId, title: 'Chờ duyệt', status: 'pending' });
    await api('POST', '/feedback', { name: 'Trần Thị Bình', content: 'Gọi lại giúp tôi' });
    // Staff comments are approved at once; the figure counts what waits for a moderator.
    await api('POST', '/comments', { post_id: products[0], message: 'Cảm ơn quý khách' });
    const published = (
      await api('POST', '/posts', { type_id: typeId, title: 'Đã đăng', status: 'published' })
    ).json().data.id;
    const member = await t.createUser([]);
    for (const message of ['Ngon quá', 'Giao nhanh'])
      expect(
        (await api('POST', '/comments/user', { post_id: published, message }, member.token))
          .statusCode,
      ).toBe(201);
    const waiting = (await api('GET', '/comments?status=pending')).json().data;
    expect(waiting).toHaveLength(2);
    await api('POST', `/comments/${waiting[0].id}/approve`);
    const warehouse = (
      await api('POST', '/warehouses', {
        name: 'Kho Quận 1',
        province_code: '79',
        ward_code: '26743',
        address: '1 Nguyễn Huệ',
      })
    ).json().data.id;
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const slip = await api('POST', `/warehouses/${warehouse}/change`, {
      style: 'import',
      products: [
        { post_id: products[0], price: 10_000, number: 3, expiry: soon },
        { post_id: products[1], price: 10_000, number: 50 },
      ],
    });
    expect(slip.statusCode).toBe(201);
    const answer = (await api('GET', '/dashboard')).json().data;
    expect(answer).toMatchObject({
      pending_posts: 1,
      open_feedback: 1,
      new_comments: 1,
      low_stock: 1,
      expiring_lots: 1,
    });
  });

  it('leaves out every figure the reader may not see: absent, never zero', async () => {
    const clerk = await t.createUser(['feedback.list']);
    const answer = await api('GET', '/dashboard', undefined, clerk.token);
    expect(answer.statusCode).toBe(200);
    const data = answer.json().data;
    expect(data.open_feedback).toBe(1);
    for (const hidden of [
      'orders',
      'revenue_by_day',
      'top_products',
      'low_stock',
      'expiring_lots',
      'pending_posts',
      'new_comments',
    ])
      expect(data).not.toHaveProperty(hidden);
    const nobody = await t.createUser([]);
    expect(
      Object.keys((await api('GET', '/dashboard', undefined, nobody.token)).json().data).sort(),
    ).toEqual(['from', 'to', 'today']);
    expect((await t.request('GET', '/api/v1/dashboard')).statusCode).toBe(401);
  });

  it('refuses a range that ends before it starts, one over 366 days and unknown parameters', async () => {
    const backwards = await api('GET', '/dashboard?from=2026-03-02&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({
      to: ['The end of the range must not be before its start.'],
    });
    const long = await api('GET', '/dashboard?from=2025-01-01&to=2026-01-02');
    expect(long.statusCode).toBe(422);
    expect(long.json().errors).toHaveProperty('to');
    expect((await api('GET', '/dashboard?from=2025-01-01&to=2025-12-31')).statusCode).toBe(200);
    const unknown = await api('GET', '/dashboard?month=3');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty('month');
    const bad = await api('GET', '/dashboard?from=2026-13-01');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('from');
  });
});
