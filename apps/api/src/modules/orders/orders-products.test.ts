import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Orders made from real product posts, through the catalog the app uses by default. */
let t: TestApp;
let staff: string;
let productType = 0;
let courseType = 0;
let agency = 0;
let discount = 0;

const stamp = () => new Date().toISOString();
const DAY = 24 * 60 * 60 * 1000;

const insert = async (table: string, values: Record<string, unknown>) => {
  const columns = Object.keys(values);
  const { rows } = await sql<{
    id: number;
  }>`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c)))})
    values (${sql.join(columns.map((c) => sql`${values[c] as never}`))}) returning id`.execute(
    t.db,
  );
  return Number(rows[0]!.id);
};

const addType = (style: string) =>
  insert('post_types', {
    style,
    sort: 0,
    title: `Loại ${style}`,
    slug: `loai-${style}`,
    sitemap: true,
    features: '[]',
    custom_fields: '[]',
    created_at: stamp(),
    updated_at: stamp(),
  });

const addPost = async (body: Record<string, unknown>) => {
  const created = await t.request('POST', '/api/v1/posts', { token: staff, body });
  expect(created.statusCode).toBe(201);
  return created.json().data as { id: number; product: { code: string } | null };
};

const order = (
  products: Array<{ post_id: number; quantity: number }>,
  more: Record<string, unknown> = {},
) =>
  t.request('POST', '/api/v1/orders', {
    token: staff,
    locale: 'en',
    body: { name: 'Trần Thị Bình', phone: '0987654321', address: '5 Hàng Bài', products, ...more },
  });

beforeAll(async () => {
  t = await createTestApp();
  staff = (
    await t.createUser([
      'posts.list',
      'posts.create',
      'posts.update',
      'posts.delete',
      'orders.list',
      'orders.create',
      'orders.update',
    ])
  ).token;
  productType = await addType('product');
  courseType = await addType('course');
  agency = await insert('agencies', {
    name: 'Đại lý Đà Nẵng',
    sort: 0,
    created_at: stamp(),
    updated_at: stamp(),
  });
  const member = await t.createUser([], { email: 'daily.danang@example.com' });
  await t.db.insertInto('agency_users').values({ agency_id: agency, user_id: member.id }).execute();
  // A discount already applying cannot be made through the API (its start must lie ahead).
  discount = await insert('discounts', {
    title: 'Mua sỉ',
    start_at: new Date(Date.now() - DAY).toISOString(),
    end_at: new Date(Date.now() + 30 * DAY).toISOString(),
    config: JSON.stringify([
      { quantity: 5, discount: 2_000, type: 'money' },
      { quantity: 20, discount: 10, type: 'percent' },
    ]),
    status: 'enable',
    search_text: '',
    created_at: stamp(),
    updated_at: stamp(),
  });
});
afterAll(() => t.close());

describe('orders of real products', () => {
  it('sells a product post at its price, its agency price and its discount tier', async () => {
    const coffee = await addPost({
      type_id: productType,
      title: 'Cà phê hạt Robusta',
      avatar: '/api/v1/media/files/robusta.webp',
      product: {
        code: 'RB-500',
        price: 150_000,
        discount_id: discount,
        agency_prices: [{ agency_id: agency, price: 130_000 }],
      },
    });
    const tea = await addPost({
      type_id: productType,
      title: 'Trà ô long',
      product: { price: 89_000 },
    });

    const plain = await order([
      { post_id: coffee.id, quantity: 2 },
      { post_id: tea.id, quantity: 1 },
    ]);
    expect(plain.statusCode).toBe(201);
    expect(plain.json().data.products).toMatchObject([
      {
        post_id: coffee.id,
        code: 'RB-500',
        title: 'Cà phê hạt Robusta',
        image: '/api/v1/media/files/robusta.webp',
        price: 150_000,
        discount: 0,
        quantity: 2,
        total: 300_000,
      },
      {
        post_id: tea.id,
        code: tea.product!.code,
        title: 'Trà ô long',
        price: 89_000,
        total: 89_000,
      },
    ]);
    expect(plain.json().data.total).toBe(389_000);

    // 5 units reach the money tier: (150 000 − 2 000) × 5.
    const tiered = await order([{ post_id: coffee.id, quantity: 5 }], { fee: 20_000 });
    expect(tiered.json().data.products[0]).toMatchObject({ discount: 2_000, total: 740_000 });
    expect(tiered.json().data.total).toBe(760_000);

    // An agency's customer pays its price, and 20 units reach 10 %: (130 000 − 13 000) × 20.
    const agencyOrder = await order([{ post_id: coffee.id, quantity: 20 }], {
      email: 'daily.danang@example.com',
    });
    expect(agencyOrder.json().data.products[0]).toMatchObject({
      price: 130_000,
      discount: 13_000,
      total: 2_340_000,
    });
  });

  it('lists a product type’s posts with their code and price, searched as an order form picks them', async () => {
    const found = await t.request('GET', `/api/v1/posts?type_id=${productType}&search=robusta`, {
      token: staff,
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toEqual([
      expect.objectContaining({
        title: 'Cà phê hạt Robusta',
        product: {
          code: 'RB-500',
          price: 150_000,
          discount_id: discount,
          agency_prices: [{ agency_id: agency, price: 130_000 }],
        },
      }),
    ]);
    expect(found.json().data[0]).not.toHaveProperty('contents');
  });

  it('refuses a line naming a post that is not a product, or no post', async () => {
    const course = await addPost({
      type_id: courseType,
      title: 'Khoá học pha chế',
      course: { price: 500_000 },
    });
    const refused = await order([
      { post_id: course.id, quantity: 1 },
      { post_id: 99_999_999, quantity: 1 },
    ]);
    expect(refused.statusCode).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual([
      'products.0.post_id',
      'products.1.post_id',
    ]);
  });

  it('keeps an order intact when its product is later changed or deleted', async () => {
    const cake = await addPost({
      type_id: productType,
      title: 'Bánh pía',
      product: { code: 'BP-1', price: 60_000 },
    });
    const sold = (await order([{ post_id: cake.id, quantity: 3 }])).json().data;
    const changed = await t.request('PATCH', `/api/v1/posts/${cake.id}`, {
      token: staff,
      body: { title: 'Bánh pía sầu riêng', product: { price: 75_000 } },
    });
    expect(changed.statusCode).toBe(200);
    const deleted = await t.request('DELETE', `/api/v1/posts/${cake.id}`, { token: staff });
    expect(deleted.statusCode).toBeLessThan(300);

    const shown = (await t.request('GET', `/api/v1/orders/${sold.id}`, { token: staff })).json()
      .data;
    expect(shown.products).toEqual(sold.products);
    expect(shown.products[0]).toMatchObject({
      code: 'BP-1',
      title: 'Bánh pía',
      price: 60_000,
      total: 180_000,
    });
    // Its quantity can still change, at the price it was sold at.
    const edited = await t.request('PATCH', `/api/v1/orders/${sold.id}`, {
      token: staff,
      body: { products: [{ post_id: cake.id, quantity: 4 }] },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.products[0]).toMatchObject({
      title: 'Bánh pía',
      price: 60_000,
      total: 240_000,
    });
    // A new order cannot name it any more.
    const again = await order([{ post_id: cake.id, quantity: 1 }]);
    expect(Object.keys(again.json().errors)).toEqual(['products.0.post_id']);
  });
});

describe('product codes', () => {
  it('gives a product saved without a code the next one of the product code syntax, skipping typed ones', async () => {
    await t.db.deleteFrom('settings').where('key', '=', 'product_code_syntax').execute();
    await t.db
      .insertInto('settings')
      .values({
        key: 'product_code_syntax',
        title: null,
        value: 'CF{YY}-{N:3}',
        created_at: stamp(),
        updated_at: stamp(),
      })
      .execute();
    const yy = String(new Date(Date.now() + 7 * 60 * 60 * 1000).getUTCFullYear()).slice(-2);
    const first = await addPost({
      type_id: productType,
      title: 'Cà phê phin',
      product: { price: 30_000 },
    });
    expect(first.product!.code).toBe(`CF${yy}-001`);
    // An editor types the next code by hand; the sequence steps over it.
    await addPost({
      type_id: productType,
      title: 'Cà phê muối',
      product: { code: `CF${yy}-002`, price: 35_000 },
    });
    const third = await addPost({
      type_id: productType,
      title: 'Bạc xỉu',
      product: { code: '', price: 32_000 },
    });
    expect(third.product!.code).toBe(`CF${yy}-003`);
    // Two products saved at once never share a code.
    const both = await Promise.all(
      ['Cà phê trứng', 'Cà phê cốt dừa'].map((title) =>
        addPost({ type_id: productType, title, product: { price: 40_000 } }),
      ),
    );
    expect(both.map((post) => post.product!.code).sort()).toEqual([`CF${yy}-004`, `CF${yy}-005`]);
  });
});
