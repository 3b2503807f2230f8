import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = (
    await t.createUser([
      'discounts.list',
      'discounts.create',
      'discounts.update',
      'discounts.delete',
    ])
  ).token;
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const discount = () => ({
  title: 'Mua nhiều giảm nhiều',
  start_at: inDays(1),
  end_at: inDays(30),
  config: [
    { quantity: 3, discount: 5, type: 'percent' },
    { quantity: 10, discount: 20_000, type: 'money' },
  ],
});

const create = (body: unknown, locale = 'en', token = editor) =>
  t.request('POST', '/api/v1/discounts', { token, body, locale });

/** Moves a stored discount in time, as the clock would (the API refuses a start in the past). */
const setTimes = (id: number, start: string, end: string) =>
  t.db
    .updateTable('discounts')
    .set({ start_at: start, end_at: end })
    .where('id', '=', id)
    .execute();

describe('discounts', () => {
  it('creates, shows, updates and deletes a discount with its tiers', async () => {
    const body = discount();
    const created = await create(body);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      ...body,
      id,
      status: 'enable',
      phase: 'upcoming',
    });

    const updated = await t.request('PATCH', `/api/v1/discounts/${id}`, {
      token: editor,
      body: { status: 'disable', config: [{ quantity: 2, discount: 12.5, type: 'percent' }] },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data).toMatchObject({
      title: body.title,
      status: 'disable',
      config: [{ quantity: 2, discount: 12.5, type: 'percent' }],
    });
    const shown = await t.request('GET', `/api/v1/discounts/${id}`, { token: editor });
    expect(shown.json().data.status).toBe('disable');

    expect(
      (await t.request('DELETE', `/api/v1/discounts/${id}`, { token: editor })).statusCode,
    ).toBe(204);
    expect((await t.request('GET', `/api/v1/discounts/${id}`, { token: editor })).statusCode).toBe(
      404,
    );
  });

  it('stores times with an offset as the same moment in UTC', async () => {
    const start = new Date(Date.now() + 2 * DAY);
    start.setUTCMilliseconds(0);
    const local = new Date(start.getTime() + 7 * 60 * 60 * 1000)
      .toISOString()
      .replace('.000Z', '+07:00');
    const created = await create({ ...discount(), start_at: local });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.start_at).toBe(start.toISOString());
    expect(
      (await create({ ...discount(), start_at: '2026-12-01' })).json().errors.start_at,
    ).toEqual(['This time is not valid.']);
  });

  it('requires a title, times and at least one tier, with the texts of the request language', async () => {
    const before = await countRows(t, 'discounts');
    const empty = await create({});
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({
      title: ['Please enter the title!'],
      start_at: ['Please choose the start time!'],
      end_at: ['Please choose the end time!'],
      config: ['Please add at least one discount tier!'],
    });
    expect((await create({ ...discount(), config: [] })).json().errors.config).toEqual([
      'Please add at least one discount tier!',
    ]);
    expect((await create({}, 'vi')).json().errors.title).toEqual(['Vui lòng nhập tiêu đề!']);
    expect((await create({}, 'ja')).json().errors.start_at).toEqual([
      '開始日時を選択してください。',
    ]);
    expect(await countRows(t, 'discounts')).toBe(before);
  });

  it('refuses a start that is not after now, and an end that is not after the start', async () => {
    const past = await create({ ...discount(), start_at: inDays(-1) });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.start_at).toEqual(['The start time must be after the current time!']);
    expect(
      (await create({ ...discount(), start_at: inDays(-1) }, 'vi')).json().errors.start_at,
    ).toEqual(['Thời gian bắt đầu phải sau thời điểm hiện tại!']);

    const start = inDays(5);
    for (const end_at of [start, inDays(4)]) {
      const backwards = await create({ ...discount(), start_at: start, end_at });
      expect(backwards.statusCode).toBe(422);
      expect(backwards.json().errors.end_at).toEqual([
        'The end time must be after the start time!',
      ]);
    }

    // On an update the rule holds against the stored start too.
    const id = (await create(discount())).json().data.id;
    const earlyEnd = await t.request('PATCH', `/api/v1/discounts/${id}`, {
      token: editor,
      body: { end_at: inDays(0.5) },
      locale: 'en',
    });
    expect(earlyEnd.statusCode).toBe(422);
    expect(earlyEnd.json().errors.end_at).toEqual(['The end time must be after the start time!']);
  });

  it('lets a discount that has begun be edited, but not given a new start in the past', async () => {
    const id = (await create(discount())).json().data.id;
    await setTimes(id, inDays(-2), inDays(5));
    const renamed = await t.request('PATCH', `/api/v1/discounts/${id}`, {
      token: editor,
      body: { title: 'Đang áp dụng', end_at: inDays(10) },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.phase).toBe('applying');
    const moved = await t.request('PATCH', `/api/v1/discounts/${id}`, {
      token: editor,
      body: { start_at: inDays(-1) },
      locale: 'en',
    });
    expect(moved.json().errors.start_at).toEqual([
      'The start time must be after the current time!',
    ]);
  });

  it('names the second tier of a repeated quantity, and checks each tier', async () => {
    const repeated = await create({
      ...discount(),
      config: [
        { quantity: 5, discount: 10, type: 'percent' },
        { quantity: 2, discount: 1_000, type: 'money' },
        { quantity: 5, discount: 2_000, type: 'money' },
      ],
    });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors).toEqual({
      'config.2.quantity': ['The quantities of the tiers must be different!'],
    });

    const bad = await create({
      ...discount(),
      config: [
        { quantity: 0, discount: 10, type: 'percent' },
        { quantity: 2, discount: 101, type: 'percent' },
        { quantity: 3, discount: 10.5, type: 'money' },
        { quantity: 4, discount: -1, type: 'money' },
        { quantity: 6, discount: 1, type: 'fixed' },
      ],
    });
    expect(bad.json().errors).toEqual({
      'config.0.quantity': ['The quantity must be at least 1.'],
      'config.1.discount': ['A percent discount is from 0 to 100, with at most two decimals.'],
      'config.2.discount': ['A money discount is a whole number of dong.'],
      'config.3.discount': ['The discount cannot be negative.'],
      'config.4.type': ['This value must be one of: percent, money.'],
    });
    expect(
      (await create({ ...discount(), config: [{ quantity: 1, discount: '10', type: 'percent' }] }))
        .statusCode,
    ).toBe(422);
  });

  it('refuses a field it does not know, by name, and a text with a control character', async () => {
    const unknown = await create({ ...discount(), code: 'SALE10' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['code']);
    const tierUnknown = await create({
      ...discount(),
      config: [{ quantity: 1, discount: 5, type: 'percent', max_uses: 3 }],
    });
    expect(Object.keys(tierUnknown.json().errors)).toEqual(['config.0.max_uses']);
    expect((await create({ ...discount(), title: 'a\u0000b' })).json().errors.title).toBeDefined();
  });

  it('keeps a title typed decomposed (NFD) as the composed text, and finds it folded', async () => {
    const nfd = 'Khuyến mãi Tết'.normalize('NFD');
    const created = await create({ ...discount(), title: nfd });
    expect(created.json().data.title).toBe('Khuyến mãi Tết'.normalize('NFC'));
    for (const term of ['khuyen mai tet', 'Khuyến mãi Tết'.normalize('NFD'), 'TẾT']) {
      const found = await t.request('GET', `/api/v1/discounts?search=${encodeURIComponent(term)}`, {
        token: editor,
      });
      expect(found.json().data.map((d: { title: string }) => d.title)).toEqual([
        'Khuyến mãi Tết'.normalize('NFC'),
      ]);
    }
  });

  it('derives the phase from the time and filters by phase and status', async () => {
    const mark = `Giai đoạn ${Date.now()}`;
    const make = async (title: string, start: number, end: number, status = 'enable') => {
      const id = (await create({ ...discount(), title: `${mark} ${title}`, status })).json().data
        .id;
      await setTimes(id, inDays(start), inDays(end));
      return id;
    };
    await make('sap', 1, 2);
    await make('dang', -1, 2);
    await make('het', -3, -1);
    await make('tat', -1, 2, 'disable');
    const list = async (query: string) =>
      (
        await t.request(
          'GET',
          `/api/v1/discounts?search=${encodeURIComponent(mark)}&orderBy=title&sortedBy=asc${query}`,
          { token: editor },
        )
      ).json();
    const all = await list('');
    expect(all.data.map((d: { title: string; phase: string }) => [d.title, d.phase])).toEqual([
      [`${mark} dang`, 'applying'],
      [`${mark} het`, 'expired'],
      [`${mark} sap`, 'upcoming'],
      [`${mark} tat`, 'applying'],
    ]);
    const titles = (page: { data: { title: string }[] }) =>
      page.data.map((d) => d.title.replace(`${mark} `, ''));
    expect(titles(await list('&phase=applying'))).toEqual(['dang', 'tat']);
    expect(titles(await list('&phase=expired'))).toEqual(['het']);
    expect(titles(await list('&phase=upcoming'))).toEqual(['sap']);
    expect(titles(await list('&status=disable'))).toEqual(['tat']);
    expect(titles(await list('&phase=applying&status=enable'))).toEqual(['dang']);
    expect(
      (await t.request('GET', '/api/v1/discounts?phase=later', { token: editor })).statusCode,
    ).toBe(422);
  });

  it('never lets two edits at once leave the end before the start', async () => {
    const id = (await create({ ...discount(), start_at: inDays(2), end_at: inDays(10) })).json()
      .data.id;
    // Each edit is fine alone; together the start would fall after the end.
    const [later, earlier] = await Promise.all([
      t.request('PATCH', `/api/v1/discounts/${id}`, {
        token: editor,
        body: { start_at: inDays(8) },
      }),
      t.request('PATCH', `/api/v1/discounts/${id}`, {
        token: editor,
        body: { end_at: inDays(4) },
      }),
    ]);
    expect([later.statusCode, earlier.statusCode].sort()).toEqual([200, 422]);
    const stored = (await t.request('GET', `/api/v1/discounts/${id}`, { token: editor })).json()
      .data;
    expect(Date.parse(stored.end_at)).toBeGreaterThan(Date.parse(stored.start_at));
  });
});

describe('discounts named by products and courses', () => {
  const post = (body: unknown, method: 'POST' | 'PATCH' = 'POST', id?: number) =>
    t.request(method, `/api/v1/posts${id ? `/${id}` : ''}`, {
      token: t.adminToken,
      body,
      locale: 'en',
    });
  const remove = (id: number, locale = 'en') =>
    t.request('DELETE', `/api/v1/discounts/${id}`, { token: editor, locale });

  it('refuses to delete a discount a product or a course still names, counting them, until they let go', async () => {
    const id = (await create(discount())).json().data.id as number;
    const productType = (
      await t.request('POST', '/api/v1/types', {
        token: t.adminToken,
        body: { style: 'product', title: 'Trà' },
      })
    ).json().data.id as number;
    const courseType = (
      await t.request('POST', '/api/v1/types', {
        token: t.adminToken,
        body: { style: 'course', title: 'Khóa học' },
      })
    ).json().data.id as number;
    const product = await post({
      type_id: productType,
      title: 'Trà ô long',
      product: { price: 45_000, discount_id: id },
    });
    expect(product.statusCode).toBe(201);
    const course = await post({
      type_id: courseType,
      title: 'Pha trà',
      course: { price: 500_000, discount_id: id },
    });
    expect(course.statusCode).toBe(201);

    const refused = await remove(id);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      id: [
        'This discount is still applied to 2 products or courses. Remove it from them first, or disable it instead.',
      ],
    });
    expect((await remove(id, 'vi')).json().errors.id).toEqual([
      'Chiết khấu này vẫn đang được áp dụng cho 2 sản phẩm hoặc khóa học. Hãy bỏ chiết khấu khỏi chúng trước, hoặc chuyển sang chưa kích hoạt.',
    ]);
    expect((await remove(id, 'ja')).json().errors.id).toEqual([
      'この割引はまだ 2 件の商品またはコースに適用されています。先にそれらから外すか、無効にしてください。',
    ]);
    expect((await t.request('GET', `/api/v1/discounts/${id}`, { token: editor })).statusCode).toBe(
      200,
    );

    const { id: productId, version } = product.json().data;
    expect(
      (await post({ product: { discount_id: null }, version }, 'PATCH', productId)).statusCode,
    ).toBe(200);
    expect((await remove(id)).json().errors.id[0]).toMatch(/applied to 1 products/);
    const { id: courseId, version: courseVersion } = course.json().data;
    expect(
      (await post({ course: { discount_id: null }, version: courseVersion }, 'PATCH', courseId))
        .statusCode,
    ).toBe(200);
    expect((await remove(id)).statusCode).toBe(204);
  });

  it('refuses a product or course naming a discount that does not exist', async () => {
    const type = (
      await t.request('POST', '/api/v1/types', {
        token: t.adminToken,
        body: { style: 'product', title: 'Bánh' },
      })
    ).json().data.id as number;
    const missing = await post({
      type_id: type,
      title: 'Bánh pía',
      product: { price: 60_000, discount_id: 987_654 },
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'product.discount_id': ['Please choose an existing discount.'],
    });
    const courseType = (
      await t.request('POST', '/api/v1/types', {
        token: t.adminToken,
        body: { style: 'course', title: 'Lớp làm bánh' },
      })
    ).json().data.id as number;
    const course = await post({
      type_id: courseType,
      title: 'Bánh mì',
      course: { price: 1, discount_id: 987_654 },
    });
    expect(course.json().errors).toEqual({
      'course.discount_id': ['Please choose an existing discount.'],
    });
  });
});

describe('a discount’s phase on the app’s clock', () => {
  // Ten days behind the machine, as the demo shop's clock is while it makes a year of orders.
  const clock = { now: () => new Date(Date.now() - 10 * DAY) };
  let travelled: TestApp;
  beforeAll(async () => {
    travelled = await createTestApp({}, { clock });
  });
  afterAll(() => travelled.close());

  it('is the same in the answer to a write, a show, the list and its phase filter', async () => {
    const admin = { token: travelled.adminToken };
    const at = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
    // upcoming by the app's clock, over by the machine's
    const created = await travelled.request('POST', '/api/v1/discounts', {
      ...admin,
      body: { ...discount(), start_at: at(1), end_at: at(2) },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.phase).toBe('upcoming');
    const shown = await travelled.request('GET', `/api/v1/discounts/${id}`, admin);
    expect(shown.json().data.phase).toBe('upcoming');
    const upcoming = await travelled.request('GET', '/api/v1/discounts?phase=upcoming', admin);
    expect(upcoming.json().data).toEqual([expect.objectContaining({ id, phase: 'upcoming' })]);
    const expired = await travelled.request('GET', '/api/v1/discounts?phase=expired', admin);
    expect(expired.json().data).toEqual([]);
  });
});
