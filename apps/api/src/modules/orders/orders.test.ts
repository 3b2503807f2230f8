import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { now } from '../../db/types';
import type { CatalogProduct, ProductCatalog } from './product-catalog';

/**
 * Products stand in for the posts of product style (they come with the posts area): a catalog
 * over a map the tests change, as an editor would change a product's price.
 */
type OrderLine = {
  post_id: number;
  price: number;
  discount: number;
  quantity: number;
  total: number;
};

const products = new Map<number, CatalogProduct>();
const catalog: ProductCatalog = {
  find: async (_db, ids) =>
    new Map(ids.flatMap((id) => (products.has(id) ? [[id, { ...products.get(id)! }]] : []))),
};
const product = (id: number, price: number, more: Partial<CatalogProduct> = {}) =>
  products.set(id, {
    id,
    code: `SP${String(id).padStart(6, '0')}`,
    title: `Sản phẩm ${id}`,
    image: `/api/v1/media/files/${id}.webp`,
    price,
    agencyPrices: {},
    discountId: null,
    ...more,
  });

let t: TestApp;
let clerk: string;
let agencyId: number;
let tieredDiscount: number;
beforeAll(async () => {
  t = await createTestApp({}, { productCatalog: catalog });
  clerk = (await t.createUser(['orders.list', 'orders.create', 'orders.update', 'orders.delete']))
    .token;
  const stamp = now();
  const DAY = 24 * 60 * 60 * 1000;
  // Discounts that already apply cannot be made through the API (their start must lie ahead).
  const discount = async (status: 'enable' | 'disable', config: unknown, startDays = -1) =>
    (
      await t.db
        .insertInto('discounts')
        .values({
          title: 'Mua nhiều',
          start_at: new Date(Date.now() + startDays * DAY).toISOString(),
          end_at: new Date(Date.now() + 30 * DAY).toISOString(),
          config: JSON.stringify(config) as never,
          status,
          search_text: '',
          created_at: stamp,
          updated_at: stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  tieredDiscount = await discount('enable', [
    { quantity: 3, discount: 5_000, type: 'money' },
    { quantity: 10, discount: 10, type: 'percent' },
  ]);
  const disabled = await discount('disable', [{ quantity: 1, discount: 50, type: 'percent' }]);
  const upcoming = await discount('enable', [{ quantity: 1, discount: 50, type: 'percent' }], 2);
  agencyId = (
    await t.db
      .insertInto('agencies')
      .values({
        name: 'Đại lý cấp 1',
        description: null,
        sort: 1,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const member = await t.createUser([], { email: 'dai.ly@example.com' });
  await t.db
    .insertInto('agency_users')
    .values({ agency_id: agencyId, user_id: member.id })
    .execute();

  product(1, 120_000, { discountId: tieredDiscount, agencyPrices: { [agencyId]: 100_000 } });
  product(2, 45_500);
  product(3, 80_000, { discountId: disabled });
  product(4, 80_000, { discountId: upcoming });
  product(5, 33_333, { discountId: tieredDiscount });
});
afterAll(() => t.close());

const customer = {
  name: 'Nguyễn Văn An',
  phone: '0912345678',
  address: '12 Lê Lợi, Phường Sài Gòn',
};

const create = (body: unknown, options: { token?: string; key?: string; locale?: string } = {}) =>
  t.request('POST', '/api/v1/orders', {
    token: options.token ?? clerk,
    body,
    locale: options.locale ?? 'en',
    headers: options.key ? { 'idempotency-key': options.key } : {},
  });

const patch = (id: number, body: unknown, locale = 'en') =>
  t.request('PATCH', `/api/v1/orders/${id}`, { token: clerk, body, locale });

const quote = (body: unknown, options: { token?: string; locale?: string } = {}) =>
  t.request('POST', '/api/v1/orders/quote', {
    token: options.token ?? clerk,
    body,
    locale: options.locale ?? 'en',
  });

describe('order money', () => {
  it.each([
    // lines, fee, email, expected line totals, subtotal, total (hand-computed)
    {
      name: 'one line below every tier',
      lines: [{ post_id: 1, quantity: 2 }],
      fee: 0,
      email: undefined,
      totals: [240_000],
      subtotal: 240_000,
      total: 240_000,
    },
    {
      name: 'the money tier from 3 units, and a fee',
      lines: [{ post_id: 1, quantity: 3 }],
      fee: 30_000,
      email: undefined,
      totals: [345_000], // (120 000 − 5 000) × 3
      subtotal: 345_000,
      total: 375_000,
    },
    {
      name: 'the highest tier reached (10% from 10 units), rounded half up',
      lines: [
        { post_id: 5, quantity: 10 }, // 10% of 33 333 = 3 333.3 → 3 333; (33 333 − 3 333) × 10
        { post_id: 2, quantity: 4 }, // no discount
      ],
      fee: 15_000,
      email: undefined,
      totals: [300_000, 182_000],
      subtotal: 482_000,
      total: 497_000,
    },
    {
      name: 'the agency price for a customer in an agency, with its tier',
      lines: [{ post_id: 1, quantity: 10 }],
      fee: 0,
      email: 'Dai.Ly@Example.com',
      totals: [900_000], // (100 000 − 10 000) × 10
      subtotal: 900_000,
      total: 900_000,
    },
    {
      name: 'no discount from a disabled or not yet applying discount',
      lines: [
        { post_id: 3, quantity: 5 },
        { post_id: 4, quantity: 5 },
      ],
      fee: 0,
      email: undefined,
      totals: [400_000, 400_000],
      subtotal: 800_000,
      total: 800_000,
    },
  ])('$name', async ({ lines, fee, email, totals, subtotal, total }) => {
    // The admin's live totals come from the quote: it must be what the save then computes.
    const before = await countRows(t, 'orders');
    const quoted = await quote({ email, products: lines, fee });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().data.products.map((line: { total: number }) => line.total)).toEqual(
      totals,
    );
    expect(quoted.json().data).toMatchObject({ subtotal, total, fee });
    expect(await countRows(t, 'orders')).toBe(before);
    const created = await create({ ...customer, email, products: lines, fee });
    expect(created.statusCode).toBe(201);
    const order = created.json().data;
    expect(order.products.map((line: { total: number }) => line.total)).toEqual(totals);
    expect(order).toMatchObject({ subtotal, total, fee, status: 'new' });
    // What the list and the detail answer is what was computed.
    const shown = (await t.request('GET', `/api/v1/orders/${order.id}`, { token: clerk })).json()
      .data;
    expect(shown).toEqual(order);
    expect(quoted.json().data.products).toEqual(
      order.products.map(({ post_id, price, discount, quantity, total: lineTotal }: OrderLine) => ({
        post_id,
        price,
        discount,
        quantity,
        total: lineTotal,
      })),
    );
  });

  it('keeps the price an order was sold at when the product changes later', async () => {
    const order = (await create({ ...customer, products: [{ post_id: 2, quantity: 2 }] })).json()
      .data;
    expect(order.products[0]).toMatchObject({ price: 45_500, total: 91_000, title: 'Sản phẩm 2' });
    product(2, 60_000, { title: 'Sản phẩm 2 (mới)' });
    try {
      const shown = (await t.request('GET', `/api/v1/orders/${order.id}`, { token: clerk })).json()
        .data;
      expect(shown.products[0]).toMatchObject({
        price: 45_500,
        total: 91_000,
        title: 'Sản phẩm 2',
      });
      // A change of quantity keeps the sold price; a product added takes today's.
      const edited = await patch(order.id, {
        products: [
          { post_id: 2, quantity: 3 },
          { post_id: 1, quantity: 1 },
        ],
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().data.products).toMatchObject([
        { post_id: 2, price: 45_500, quantity: 3, total: 136_500 },
        { post_id: 1, price: 120_000, quantity: 1, total: 120_000 },
      ]);
      expect(edited.json().data.total).toBe(256_500);
      // A new order takes the new price.
      const later = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json()
        .data;
      expect(later.products[0]).toMatchObject({ price: 60_000, title: 'Sản phẩm 2 (mới)' });
    } finally {
      product(2, 45_500);
    }
  });

  it('moves the total with the fee alone', async () => {
    const order = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json()
      .data;
    const updated = await patch(order.id, { fee: 20_000 });
    expect(updated.json().data).toMatchObject({ subtotal: 45_500, fee: 20_000, total: 65_500 });
  });

  it('refuses an amount out of range, naming it', async () => {
    product(9, 999_999_999_999_999);
    const huge = await create({ ...customer, products: [{ post_id: 9, quantity: 2 }] });
    expect(huge.statusCode).toBe(422);
    expect(huge.json().errors).toEqual({ 'products.0.total': ['This amount is too large.'] });
    expect(
      (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }], fee: 1.5 })).json()
        .errors.fee,
    ).toEqual(['The fee must be a whole number of dong, 0 or more.']);
  });
});

describe('order rules', () => {
  it('requires name, phone, address and at least one product, in the request language', async () => {
    const before = await countRows(t, 'orders');
    const empty = await create({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      name: ['Please enter the customer name!'],
      phone: ['Please enter the phone number!'],
      address: ['Please enter the address!'],
      products: ['Please choose at least one product!'],
    });
    expect((await create({ ...customer, products: [] })).json().errors.products).toEqual([
      'Please choose at least one product!',
    ]);
    expect((await create({}, { locale: 'vi' })).json().errors.name).toEqual([
      'Vui lòng nhập tên khách hàng!',
    ]);
    expect((await create({}, { locale: 'ja' })).json().errors.address).toEqual([
      '住所を入力してください。',
    ]);
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('needs a phone of 10 digits, quantities above 0, known products each once', async () => {
    const bad = await create({
      ...customer,
      phone: '091234567',
      products: [
        { post_id: 1, quantity: 0 },
        { post_id: 2, quantity: 1 },
        { post_id: 2, quantity: 3 },
      ],
    });
    expect(bad.json().errors).toEqual({
      phone: ['Invalid phone number!'],
      'products.0.quantity': ['The quantity must be greater than 0!'],
      'products.2.post_id': ['This product is already in the order.'],
    });
    const unknown = await create({
      ...customer,
      products: [
        { post_id: 2, quantity: 1 },
        { post_id: 404, quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'products.1.post_id': ['This product does not exist.'],
    });
  });

  it('checks the 2025 province and ward when given, and answers their names', async () => {
    const wrong = await create({
      ...customer,
      province_code: '99',
      products: [{ post_id: 2, quantity: 1 }],
    });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json().errors)).toEqual(['province_code']);
    const placed = await create({
      ...customer,
      province_code: '79',
      ward_code: '26740',
      products: [{ post_id: 2, quantity: 1 }],
    });
    expect(placed.statusCode).toBe(201);
    const named = {
      province_code: '79',
      ward_code: '26740',
      province_name: 'Thành phố Hồ Chí Minh',
      ward_name: 'Phường Sài Gòn',
    };
    expect(placed.json().data).toMatchObject(named);
    const { id } = placed.json().data;
    expect(
      (await t.request('GET', `/api/v1/orders/${id}`, { token: clerk })).json().data,
    ).toMatchObject(named);
    const listed = (
      await t.request('GET', `/api/v1/orders?search=code:${placed.json().data.code}`, {
        token: clerk,
      })
    ).json().data;
    expect(listed[0]).toMatchObject(named);
    const unplaced = await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] });
    expect(unplaced.json().data).toMatchObject({ province_name: null, ward_name: null });
  });

  it('starts an order as new or processing only, naming status in the request language', async () => {
    const line = { ...customer, products: [{ post_id: 2, quantity: 1 }] };
    const before = await countRows(t, 'orders');
    for (const status of ['delivery', 'delivered', 'canceled', 'bogus']) {
      const refused = await create({ ...line, status });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().errors).toEqual({
        status: ['A new order starts as New or Processing.'],
      });
    }
    expect(
      (await create({ ...line, status: 'delivered' }, { locale: 'vi' })).json().errors,
    ).toEqual({ status: ['Đơn hàng mới chỉ được tạo ở trạng thái Mới hoặc Đang xử lý.'] });
    expect((await create({ ...line, status: 'canceled' }, { locale: 'ja' })).json().errors).toEqual(
      { status: ['新しい注文は「新規」または「処理中」でのみ作成できます。'] },
    );
    expect(await countRows(t, 'orders')).toBe(before);
    expect((await create({ ...line, status: 'processing' })).json().data.status).toBe('processing');
    expect((await create(line)).json().data.status).toBe('new');
  });

  it('refuses a field it does not know by name, and money the server computes', async () => {
    for (const field of ['total', 'subtotal', 'code', 'agency_id']) {
      const sent = await create({
        ...customer,
        products: [{ post_id: 2, quantity: 1 }],
        [field]: 1,
      });
      expect(sent.statusCode).toBe(422);
      expect(Object.keys(sent.json().errors)).toEqual([field]);
    }
    const linePrice = await create({
      ...customer,
      products: [{ post_id: 2, quantity: 1, price: 1 }],
    });
    expect(Object.keys(linePrice.json().errors)).toEqual(['products.0.price']);
  });

  it('keeps a name typed decomposed (NFD) as composed text and finds it folded', async () => {
    const name = 'Trần Thị Hường';
    const created = await create({
      ...customer,
      name: name.normalize('NFD'),
      products: [{ post_id: 2, quantity: 1 }],
    });
    expect(created.json().data.name).toBe(name.normalize('NFC'));
    for (const term of ['tran thi huong', name.normalize('NFD')]) {
      const found = await t.request('GET', `/api/v1/orders?search=${encodeURIComponent(term)}`, {
        token: clerk,
      });
      expect(found.json().data.map((o: { name: string }) => o.name)).toEqual([name]);
    }
  });

  it('gives codes from the default syntax, numbered per day, and finds an order by code and phone', async () => {
    const a = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json().data;
    const b = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json().data;
    expect(a.code).toMatch(/^DH\d{6}\d{4}$/);
    expect(Number(b.code.slice(-4))).toBe(Number(a.code.slice(-4)) + 1);
    const byCode = await t.request('GET', `/api/v1/orders?search=code:${a.code}`, { token: clerk });
    expect(byCode.json().data.map((o: { id: number }) => o.id)).toEqual([a.id]);
    const byPhone = await t.request('GET', '/api/v1/orders?search=phone:0912345678&limit=1', {
      token: clerk,
    });
    expect(byPhone.json().data).toHaveLength(1);
  });

  it('uses the order code syntax of the product options', async () => {
    const stamp = now();
    // the settings migration fills in the defaults; this shop has its own syntax
    await t.db
      .deleteFrom('settings')
      .where('key', 'in', ['order_code_syntax', 'order_code_syntax_footer'])
      .execute();
    await t.db
      .insertInto('settings')
      .values([
        {
          key: 'order_code_syntax',
          title: null,
          value: 'WEB-{YYYY}-',
          created_at: stamp,
          updated_at: stamp,
        },
        {
          key: 'order_code_syntax_footer',
          title: null,
          value: '{N:3}',
          created_at: stamp,
          updated_at: stamp,
        },
      ])
      .execute();
    try {
      const first = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json()
        .data;
      const year = new Date(Date.now() + 7 * 60 * 60 * 1000).getUTCFullYear();
      expect(first.code).toBe(`WEB-${year}-001`);
    } finally {
      await t.db
        .deleteFrom('settings')
        .where('key', 'in', ['order_code_syntax', 'order_code_syntax_footer'])
        .execute();
    }
  });
  it('skips a code an order already has after the syntax changes, instead of failing every order', async () => {
    const stamp = now();
    const useSyntax = async (head: string, footer: string) => {
      await t.db
        .deleteFrom('settings')
        .where('key', 'in', ['order_code_syntax', 'order_code_syntax_footer'])
        .execute();
      await t.db
        .insertInto('settings')
        .values([
          {
            key: 'order_code_syntax',
            title: null,
            value: head,
            created_at: stamp,
            updated_at: stamp,
          },
          {
            key: 'order_code_syntax_footer',
            title: null,
            value: footer,
            created_at: stamp,
            updated_at: stamp,
          },
        ])
        .execute();
    };
    const order = () => create({ ...customer, products: [{ post_id: 2, quantity: 1 }] });
    try {
      await useSyntax('KX', '{N:3}');
      const first = await order();
      expect(first.json().data.code).toBe('KX001');
      // 'KX0' + {N:2} counts in a new scope, whose first code is KX001 again.
      await useSyntax('KX0', '{N:2}');
      const next = await order();
      expect(next.statusCode).toBe(201);
      expect(next.json().data.code).toBe('KX002');
      expect((await order()).json().data.code).toBe('KX003');
    } finally {
      await t.db
        .deleteFrom('settings')
        .where('key', 'in', ['order_code_syntax', 'order_code_syntax_footer'])
        .execute();
    }
  });
});

describe('order quote', () => {
  it("names the customer's agency and prices with it; none for an email without one", async () => {
    const lines = [{ post_id: 1, quantity: 3 }];
    const agency = (await quote({ email: 'dai.ly@example.com', products: lines })).json().data;
    // (100 000 − 5 000) × 3
    expect(agency).toEqual({
      products: [{ post_id: 1, price: 100_000, discount: 5_000, quantity: 3, total: 285_000 }],
      subtotal: 285_000,
      fee: 0,
      total: 285_000,
      agency: { id: agencyId, name: 'Đại lý cấp 1' },
    });
    for (const email of [undefined, null, 'khach.le@example.com'])
      expect((await quote({ email, products: lines, fee: 5_000 })).json().data).toMatchObject({
        subtotal: 345_000,
        total: 350_000,
        agency: null,
      });
  });

  it('prices an order being edited as its save would: sold prices kept, its email and fee by default', async () => {
    const order = (
      await create({
        ...customer,
        email: 'dai.ly@example.com',
        fee: 7_000,
        products: [{ post_id: 2, quantity: 1 }],
      })
    ).json().data;
    product(2, 60_000);
    try {
      const lines = [
        { post_id: 2, quantity: 4 },
        { post_id: 1, quantity: 3 },
      ];
      const quoted = (await quote({ order_id: order.id, products: lines })).json().data;
      expect(quoted).toEqual({
        products: [
          { post_id: 2, price: 45_500, discount: 0, quantity: 4, total: 182_000 },
          { post_id: 1, price: 100_000, discount: 5_000, quantity: 3, total: 285_000 },
        ],
        subtotal: 467_000,
        fee: 7_000,
        total: 474_000,
        agency: { id: agencyId, name: 'Đại lý cấp 1' },
      });
      // Another email and fee sent with the quote stand for the stored ones: no agency price.
      expect(
        (await quote({ order_id: order.id, email: null, fee: 0, products: lines })).json().data,
      ).toMatchObject({ subtotal: 527_000, fee: 0, total: 527_000, agency: null });
      const saved = (await patch(order.id, { products: lines })).json().data;
      expect(saved).toMatchObject({ subtotal: 467_000, fee: 7_000, total: 474_000 });
    } finally {
      product(2, 45_500);
    }
  });

  it('refuses what a save refuses, by field, and writes nothing', async () => {
    const before = await countRows(t, 'orders');
    const unknown = await quote({
      products: [
        { post_id: 2, quantity: 1 },
        { post_id: 404, quantity: 1 },
      ],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({
      'products.1.post_id': ['This product does not exist.'],
    });
    expect((await quote({ products: [] })).json().errors).toEqual({
      products: ['Please choose at least one product!'],
    });
    expect(
      (await quote({ products: [{ post_id: 2, quantity: 1 }], total: 1 })).json().errors,
    ).toEqual({ total: ['This field is not accepted.'] });
    const gone = await quote(
      { order_id: 999_999, products: [{ post_id: 2, quantity: 1 }] },
      { locale: 'vi' },
    );
    expect(gone.statusCode).toBe(422);
    expect(gone.json().errors).toEqual({ order_id: ['Đơn hàng này không tồn tại.'] });
    expect(await countRows(t, 'orders')).toBe(before);
  });

  it('prices for an orders.create or an orders.update holder', async () => {
    const body = { products: [{ post_id: 2, quantity: 1 }] };
    const as = async (keys: string[]) =>
      (await quote(body, { token: (await t.createUser(keys)).token })).statusCode;
    expect(await as(['orders.create'])).toBe(200);
    expect(await as(['orders.update'])).toBe(200);
    expect((await t.request('POST', '/api/v1/orders/quote', { body })).statusCode).toBe(401);
  });

  it("names an order only for a reader of orders: another order's fee and agency stay hidden", async () => {
    const order = (
      await create({
        ...customer,
        email: 'dai.ly@example.com',
        fee: 9_000,
        products: [{ post_id: 2, quantity: 1 }],
      })
    ).json().data;
    const body = { order_id: order.id, products: [{ post_id: 2, quantity: 1 }] };
    const as = async (keys: string[], sent = body) =>
      quote(sent, { token: (await t.createUser(keys)).token });
    const creator = await as(['orders.create']);
    expect(creator.statusCode).toBe(403);
    expect(JSON.stringify(creator.json())).not.toContain('9000');
    // Whether the order exists is no business of theirs either.
    expect((await as(['orders.create'], { ...body, order_id: 999_999 })).statusCode).toBe(403);
    expect((await as(['orders.update'])).statusCode).toBe(403);
    const editor = await as(['orders.list', 'orders.update']);
    expect(editor.statusCode).toBe(200);
    expect(editor.json().data).toMatchObject({ fee: 9_000, agency: { id: agencyId } });
    // Without an order, creating alone still prices.
    expect((await as(['orders.create'], { products: body.products } as never)).statusCode).toBe(
      200,
    );
  });

  it('is described in the API reference', async () => {
    const spec = (await t.request('GET', '/api/v1/docs/json')).json();
    const operation = spec.paths['/api/v1/orders/quote'].post;
    expect(operation.operationId).toBe('quoteOrder');
    expect(operation.summary).toMatch(/without saving/);
    expect(operation.requestBody).toBeDefined();
  });
});

describe('order status', () => {
  const newOrder = async () =>
    (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json().data as {
      id: number;
    };
  const moveTo = async (id: number, status: string) => (await patch(id, { status })).statusCode;

  it('moves one step at a time from new to delivered', async () => {
    const { id } = await newOrder();
    for (const status of ['processing', 'delivery', 'delivered'])
      expect(await moveTo(id, status)).toBe(200);
    const shown = await t.request('GET', `/api/v1/orders/${id}`, { token: clerk });
    expect(shown.json().data.status).toBe('delivered');
    // This shop keeps no warehouse: orders ship without an export slip.
    expect(shown.json().data.export_slip).toBeNull();
    expect(await countRows(t, 'warehouse_changes')).toBe(0);
  });

  const ALL = ['new', 'processing', 'delivery', 'delivered', 'canceled'] as const;
  const ALLOWED: Record<(typeof ALL)[number], string[]> = {
    new: ['new', 'processing', 'canceled'],
    processing: ['processing', 'delivery', 'canceled'],
    delivery: ['delivery', 'delivered'],
    delivered: ['delivered'],
    canceled: ['canceled'],
  };
  const PATHS: Record<(typeof ALL)[number], string[]> = {
    new: [],
    processing: ['processing'],
    delivery: ['processing', 'delivery'],
    delivered: ['processing', 'delivery', 'delivered'],
    canceled: ['canceled'],
  };

  for (const from of ALL)
    for (const to of ALL)
      it(`${ALLOWED[from].includes(to) ? 'allows' : 'refuses'} ${from} → ${to}`, async () => {
        const { id } = await newOrder();
        for (const step of PATHS[from]) expect(await moveTo(id, step)).toBe(200);
        const moved = await patch(id, { status: to });
        if (ALLOWED[from].includes(to)) {
          expect(moved.statusCode).toBe(200);
          expect(moved.json().data.status).toBe(to);
        } else {
          expect(moved.statusCode).toBe(422);
          expect(moved.json().errors.status).toEqual([
            'An order moves one step forward (new, processing, delivery, delivered), or is canceled while it is new or processing.',
          ]);
        }
      });

  it('keeps lines, fee and customer of an order in delivery as they are; its note may change', async () => {
    const { id } = await newOrder();
    await moveTo(id, 'processing');
    await moveTo(id, 'delivery');
    expect((await patch(id, { note: 'Giao giờ hành chính' })).statusCode).toBe(200);
    const lines = await patch(id, { products: [{ post_id: 2, quantity: 5 }] });
    expect(lines.statusCode).toBe(422);
    expect(lines.json().errors.products).toEqual([
      'Only a new or processing order can change its products, fee or customer.',
    ]);
    expect(Object.keys((await patch(id, { fee: 1 })).json().errors)).toEqual(['fee']);
    expect(Object.keys((await patch(id, { name: 'Người khác' })).json().errors)).toEqual(['name']);
    // Sending the unchanged values, as a form does, is not a change.
    expect((await patch(id, { ...customer, status: 'delivery' })).statusCode).toBe(200);
  });
});

describe('Idempotency-Key', () => {
  const body = { ...customer, products: [{ post_id: 2, quantity: 2 }], fee: 10_000 };

  it('answers a repeat with the first answer and makes one order', async () => {
    const before = await countRows(t, 'orders');
    const first = await create(body, { key: 'save-click-1' });
    const again = await create(body, { key: 'save-click-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await countRows(t, 'orders')).toBe(before + 1);
    // Without a key, or with another, the same body is another order.
    expect((await create(body, { key: 'save-click-2' })).json().data.id).not.toBe(
      first.json().data.id,
    );
    expect(await countRows(t, 'orders')).toBe(before + 2);
  });

  it('refuses the same key with another body, and a malformed key', async () => {
    await create(body, { key: 'reused-key' });
    const other = await create({ ...body, fee: 0 }, { key: 'reused-key' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['Idempotency-Key']).toEqual([
      'This Idempotency-Key was already used for a different order.',
    ]);
    const malformed = await create(body, { key: 'khóa có dấu' });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors)).toEqual(['Idempotency-Key']);
  });

  it('keeps keys per user', async () => {
    const other = (await t.createUser(['orders.create'])).token;
    const mine = await create(body, { key: 'shared-key' });
    const theirs = await create(body, { key: 'shared-key', token: other });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
  });

  it('lets a refused attempt be retried with the same key', async () => {
    const refused = await create(
      { ...body, products: [{ post_id: 404, quantity: 1 }] },
      { key: 'retry-key' },
    );
    expect(refused.statusCode).toBe(422);
    expect((await create(body, { key: 'retry-key' })).statusCode).toBe(201);
  });

  it('answers 409 while the first request with the key is still running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slowId = 77;
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    products.set(slowId, { ...products.get(2)!, id: slowId });
    const find = catalog.find;
    catalog.find = async (db, ids) => {
      if (ids.includes(slowId)) {
        entered();
        await gate;
      }
      return find(db, ids);
    };
    try {
      const slowBody = { ...customer, products: [{ post_id: slowId, quantity: 1 }] };
      const first = create(slowBody, { key: 'in-flight' });
      await inside;
      const second = await create(slowBody, { key: 'in-flight' });
      expect(second.statusCode).toBe(409);
      expect(second.json().message).toBe(
        'An order with this Idempotency-Key is still being saved. Please wait a moment.',
      );
      release();
      expect((await first).statusCode).toBe(201);
      expect((await create(slowBody, { key: 'in-flight' })).json()).toEqual((await first).json());
    } finally {
      catalog.find = find;
      release();
    }
  });

  it('makes one order from 20 identical submissions at once with one key', async () => {
    const before = await countRows(t, 'orders');
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => create(body, { key: 'twenty-at-once' })),
    );
    expect(await countRows(t, 'orders')).toBe(before + 1);
    const created = answers.filter((answer) => answer.statusCode === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((answer) => answer.json().data.id)).size).toBe(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
  });
});

describe('order permissions', () => {
  it('lets a clerk delete an order, with its lines', async () => {
    const order = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json()
      .data;
    expect(
      (await t.request('DELETE', `/api/v1/orders/${order.id}`, { token: clerk })).statusCode,
    ).toBe(204);
    const lines = await t.db
      .selectFrom('order_items')
      .select('id')
      .where('order_id', '=', order.id)
      .execute();
    expect(lines).toEqual([]);
  });

  it('filters by status and by a date range in Vietnam time', async () => {
    const order = (await create({ ...customer, products: [{ post_id: 2, quantity: 1 }] })).json()
      .data;
    await patch(order.id, { status: 'canceled' });
    const today = new Date(Date.now() + 7 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const list = async (query: string) =>
      (await t.request('GET', `/api/v1/orders?limit=100${query}`, { token: clerk })).json();
    expect((await list('&status=canceled')).data.map((o: { id: number }) => o.id)).toContain(
      order.id,
    );
    expect((await list('&status=new')).data.map((o: { id: number }) => o.id)).not.toContain(
      order.id,
    );
    expect(
      (await list(`&from=${today}&to=${today}`)).data.map((o: { id: number }) => o.id),
    ).toContain(order.id);
    expect((await list('&to=2020-01-01')).data).toEqual([]);
    expect(
      (await t.request('GET', '/api/v1/orders?from=yesterday', { token: clerk })).statusCode,
    ).toBe(422);
  });
});
