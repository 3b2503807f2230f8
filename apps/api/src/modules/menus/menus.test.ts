import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MigrationDb } from '../../db/migration-kit';
import { withId } from '../../db/migration-kit';
import type { TableName } from '../../core/table';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';
import { registerMenuReference } from './menu-references';

let t: TestApp;
let editor: string;
const categoryIds: number[] = [];
let unplug: () => void;

beforeAll(async () => {
  t = await createTestApp();
  editor = (await t.createUser(['menus.list', 'menus.create', 'menus.update', 'menus.delete']))
    .token;
  // A stand-in for a module that has records menus may point at (categories are not built here).
  const db = t.db as unknown as MigrationDb;
  await withId(db, db.schema.createTable('test_menu_categories'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('style', 'text', (c) => c.notNull())
    .execute();
  for (const [title, style] of [
    ['Cà phê', 'article'],
    ['Trà', 'article'],
    ['Ẩn', 'hidden'],
  ])
    categoryIds.push(
      (
        await db
          .insertInto('test_menu_categories')
          .values({ title, style })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as number,
    );
  unplug = registerMenuReference('category', {
    table: 'test_menu_categories' as TableName,
    column: 'id',
    where: { style: 'article' },
  });
});
afterAll(async () => {
  unplug();
  await t.close();
});

const create = (body: unknown, locale = 'en', token = editor) =>
  t.request('POST', '/api/v1/menus', { token, body, locale });
const update = (id: number, body: unknown, locale = 'en', token = editor) =>
  t.request('PATCH', `/api/v1/menus/${id}`, { token, body, locale });

/** Every field of an item, as sent and as answered. */
const full = {
  type: 'custom',
  ref_id: null,
  url: 'https://example.vn/khuyen-mai?utm=menu#top',
  title: 'Khuyến mãi',
  target: '_blank',
  description: 'Ưu đãi trong tuần',
  class_name: 'menu-hot is-red',
  viewer: 'logged_in',
  data: { icon: 'fire', badge: { text: 'Mới', color: '#f00' }, order: [1, 2] },
  children: [],
};

const answered = (item: { title: string; url?: string; children?: unknown[] }) => ({
  type: 'custom',
  ref_id: null,
  url: null,
  target: '_self',
  description: null,
  class_name: null,
  viewer: 'all',
  data: null,
  ...item,
  children: item.children ?? [],
});

const threeLevels = [
  { title: 'Trang chủ', url: '/' },
  {
    title: 'Sản phẩm',
    url: '/san-pham',
    children: [
      {
        title: 'Cà phê',
        url: '/ca-phe',
        children: [
          { title: 'Arabica', url: '/ca-phe/arabica' },
          { title: 'Robusta', url: '/ca-phe/robusta' },
        ],
      },
      { title: 'Trà', url: '/tra' },
    ],
  },
  full,
];

describe('menus', () => {
  it('saves a three-level menu with every item field, answers it in order and replaces it as a whole', async () => {
    const created = await create({ key: 'main', title: 'Menu chính', items: threeLevels });
    expect(created.statusCode).toBe(201);
    const menu = created.json().data;
    const expected = [
      answered(threeLevels[0]!),
      answered({
        ...threeLevels[1]!,
        children: [
          answered({
            ...threeLevels[1]!.children![0]!,
            children: threeLevels[1]!.children![0]!.children!.map(answered),
          }),
          answered(threeLevels[1]!.children![1]!),
        ],
      }),
      full,
    ];
    expect(menu).toMatchObject({ key: 'main', title: 'Menu chính', items: expected });
    expect(
      (await t.request('GET', `/api/v1/menus/${menu.id}`, { token: editor })).json().data.items,
    ).toEqual(expected);

    // Robusta moves up under Sản phẩm; the custom link goes first; Trà leaves.
    const moved = [
      full,
      {
        title: 'Sản phẩm',
        url: '/san-pham',
        children: [
          { title: 'Robusta', url: '/ca-phe/robusta' },
          {
            title: 'Cà phê',
            url: '/ca-phe',
            children: [{ title: 'Arabica', url: '/ca-phe/arabica' }],
          },
        ],
      },
      { title: 'Trang chủ', url: '/' },
    ];
    const updated = await update(menu.id, { items: moved });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.items.map((item: { title: string }) => item.title)).toEqual([
      'Khuyến mãi',
      'Sản phẩm',
      'Trang chủ',
    ]);
    expect(updated.json().data.items[1].children[1].children[0].title).toBe('Arabica');
    expect(await countRows(t, 'menu_items')).toBe(6);

    // A change of the title alone leaves the items alone.
    const renamed = await update(menu.id, { title: 'Menu đầu trang' });
    expect(renamed.json().data.items).toEqual(updated.json().data.items);

    expect(
      (await t.request('DELETE', `/api/v1/menus/${menu.id}`, { token: editor })).statusCode,
    ).toBe(204);
    expect((await t.request('GET', `/api/v1/menus/${menu.id}`, { token: editor })).statusCode).toBe(
      404,
    );
    expect(await countRows(t, 'menu_items')).toBe(0);
  });

  it('lists a new menu first and moves a just-saved one first; items come when asked for', async () => {
    const first = (
      await create({ key: 'footer', title: 'Chân trang', items: [{ title: 'A', url: '/a' }] })
    ).json().data;
    const second = (await create({ key: 'sidebar', title: 'Thanh bên' })).json().data;
    const keys = async () =>
      (await t.request('GET', '/api/v1/menus', { token: editor }))
        .json()
        .data.map((m: { key: string }) => m.key);
    expect((await keys()).slice(0, 2)).toEqual(['sidebar', 'footer']);
    await update(first.id, { items: [{ title: 'B', url: '/b' }] });
    expect((await keys()).slice(0, 2)).toEqual(['footer', 'sidebar']);

    const plain = (await t.request('GET', '/api/v1/menus', { token: editor })).json().data[0];
    expect(plain.items).toBeUndefined();
    const withItems = (
      await t.request('GET', '/api/v1/menus?include=items', { token: editor })
    ).json().data;
    expect(
      withItems
        .find((m: { id: number }) => m.id === first.id)
        .items.map((i: { title: string }) => i.title),
    ).toEqual(['B']);
    // Folded search: no marks needed.
    const found = (
      await t.request('GET', '/api/v1/menus?search=chan%20trang', { token: editor })
    ).json().data;
    expect(found.map((m: { key: string }) => m.key)).toEqual(['footer']);
    await t.request('DELETE', `/api/v1/menus/${second.id}`, { token: editor });
  });

  it('requires key, title, and each link title and url, at its path, in the request language', async () => {
    const before = await countRows(t, 'menus');
    const body = {
      items: [{ title: 'Có', url: '/co', children: [{ url: '/x' }, { title: 'Không url' }] }],
    };
    const en = await create(body);
    expect(en.statusCode).toBe(422);
    expect(en.json().errors).toEqual({
      key: ['Please enter the key!'],
      title: ['Please enter the title!'],
      'items.0.children.0.title': ['Please enter the title of the link!'],
      'items.0.children.1.url': ['Please enter the URL of the link!'],
    });
    const vi = (await create(body, 'vi')).json().errors;
    expect(vi.title).toEqual(['Vui lòng nhập tiêu đề!']);
    expect(vi['items.0.children.0.title']).toEqual(['Vui lòng nhập tiêu đề của liên kết!']);
    const ja = (await create(body, 'ja')).json().errors;
    expect(ja['items.0.children.1.url']).toEqual(['リンクのURLを入力してください。']);
    expect(await countRows(t, 'menus')).toBe(before);
  });

  it('refuses bad links, targets, viewers, class names and unknown fields by name', async () => {
    const response = await create({
      key: 'xau',
      title: 'Xấu',
      items: [
        { title: 'JS', url: 'javascript:alert(1)' },
        { title: 'Đích', url: '/', target: 'top', viewer: 'admins', class_name: 'a"><script>' },
        { title: 'Lạ', url: '/', colour: 'red', children: [{ title: 'Sâu', url: '/', icon: 'x' }] },
      ],
      extra: true,
    });
    expect(response.statusCode).toBe(422);
    const errors = response.json().errors;
    expect(Object.keys(errors).sort()).toEqual([
      'extra',
      'items.0.url',
      'items.1.class_name',
      'items.1.target',
      'items.1.viewer',
      'items.2.children.0.icon',
      'items.2.colour',
    ]);
    expect(errors['items.0.url']).toEqual([
      'The link must be a path starting with /, an anchor starting with #, or an http(s) address.',
    ]);
    expect(errors['items.1.target']).toEqual(['This value must be one of: _self, _blank.']);
    expect(errors['items.1.viewer']).toEqual(['This value must be one of: all, logged_in, guest.']);
    expect(errors['items.1.class_name']).toEqual([
      'Class names may contain only letters, digits, "-" and "_", separated by single spaces.',
    ]);
    expect((await create({ key: 'xau', title: 'Xấu', items: { title: 'x' } })).statusCode).toBe(
      422,
    );
    expect((await create({ key: 'xau', title: 42 })).json().errors.title).toBeDefined();
  });

  it('takes custom data only as a JSON object within bounds', async () => {
    const withData = (data: unknown) =>
      create({ key: 'du-lieu', title: 'Dữ liệu', items: [{ title: 'A', url: '/', data }] });
    for (const data of [[1, 2], 'text', 5, true]) {
      const response = await withData(data);
      expect(response.statusCode, JSON.stringify(data)).toBe(422);
      expect(response.json().errors['items.0.data']).toEqual([
        'The custom data must be a JSON object.',
      ]);
    }
    expect((await withData([1])).statusCode).toBe(422);
    const deep = await withData({ a: { b: { c: { d: { e: { f: { g: { h: { i: 1 } } } } } } } } });
    expect(deep.json().errors).toEqual({
      'items.0.data.a.b.c.d.e.f.g.h.i': ['This JSON is nested too deeply.'],
    });
    const big = await withData({ text: 'x'.repeat(20_000) });
    expect(big.json().errors['items.0.data']).toEqual(['This JSON is too large.']);
    const nul = await withData({ text: 'a\u0000b' });
    expect(nul.statusCode).toBe(422);
    const vi = await create(
      { key: 'du-lieu', title: 'Dữ liệu', items: [{ title: 'A', url: '/', data: [] }] },
      'vi',
    );
    expect(vi.json().errors['items.0.data']).toEqual([
      'Dữ liệu tùy chỉnh phải là một đối tượng JSON.',
    ]);
    const good = await withData({ icon: 'home', nested: { list: [1, 'hai', null] } });
    expect(good.statusCode).toBe(201);
    expect(good.json().data.items[0].data).toEqual({
      icon: 'home',
      nested: { list: [1, 'hai', null] },
    });
    await t.request('DELETE', `/api/v1/menus/${good.json().data.id}`, { token: editor });
  });

  it('checks that ref_id names an existing record of its type, at any depth, and writes nothing otherwise', async () => {
    const [coffee, tea, hidden] = categoryIds;
    const link = (ref_id: unknown, children: unknown[] = []) => ({
      type: 'category',
      ref_id,
      title: 'Danh mục',
      url: '/dm',
      children,
    });
    const good = await create({
      key: 'danh-muc',
      title: 'Danh mục',
      items: [link(coffee, [link(tea)])],
    });
    expect(good.statusCode).toBe(201);
    expect(good.json().data.items[0]).toMatchObject({
      type: 'category',
      ref_id: coffee,
      children: [{ ref_id: tea }],
    });

    const before = await countRows(t, 'menu_items');
    const missing = await update(good.json().data.id, {
      items: [{ title: 'Trang chủ', url: '/' }, link(coffee, [link(tea), link(999_999)])],
    });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({
      'items.1.children.1.ref_id': ['The record this item links to does not exist.'],
    });
    // A row outside the source (another style) is not a category either.
    const outside = await update(good.json().data.id, { items: [link(hidden)] }, 'vi');
    expect(outside.json().errors).toEqual({
      'items.0.ref_id': ['Bản ghi mà mục này liên kết tới không tồn tại.'],
    });
    expect(await countRows(t, 'menu_items')).toBe(before);

    const noRef = await create({
      key: 'thieu',
      title: 'Thiếu',
      items: [{ type: 'category', title: 'X' }],
    });
    expect(noRef.json().errors).toEqual({
      'items.0.ref_id': ['Please choose the record this item links to.'],
    });
    const customWithRef = await create({
      key: 'thua',
      title: 'Thừa',
      items: [{ title: 'X', url: '/', ref_id: coffee }],
    });
    expect(customWithRef.json().errors).toEqual({
      'items.0.ref_id': ['A custom link does not point at a record: leave ref_id empty.'],
    });
    expect((await create({ key: 'lo', title: 'Lỗi', items: [link('1')] })).statusCode).toBe(422);
  });

  it('refuses item types whose records this installation does not have yet, naming the type', async () => {
    // An installation whose posts area is not there.
    const restore = [registerMenuReference('product', null), registerMenuReference('post', null)];
    try {
      const response = await create({
        key: 'chua-co',
        title: 'Chưa có',
        items: [
          { title: 'A', url: '/', children: [{ type: 'product', ref_id: 1, title: 'Sản phẩm' }] },
        ],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        'items.0.children.0.type': ['Items of the type "product" cannot be added yet.'],
      });
      expect(
        (
          await create(
            { key: 'chua-co', title: 'x', items: [{ type: 'post', ref_id: 1, title: 'x' }] },
            'ja',
          )
        ).json().errors,
      ).toEqual({
        'items.0.type': ['種類「post」の項目はまだ追加できません。'],
      });
      expect(
        (await create({ key: 'chua-co', title: 'x', items: [{ type: 'page', title: 'x' }] })).json()
          .errors['items.0.type'],
      ).toEqual([
        'This value must be one of: custom, type, category, group, trademark, post, product.',
      ]);
    } finally {
      for (const put of restore) put();
    }
  });

  it('bounds the depth and the number of items', async () => {
    const chain = (depth: number): object =>
      depth === 1
        ? { title: 'Lá', url: '/' }
        : { title: `Cấp ${depth}`, url: '/', children: [chain(depth - 1)] };
    expect((await create({ key: 'sau-8', title: 'Tám cấp', items: [chain(8)] })).statusCode).toBe(
      201,
    );
    const tooDeep = await create({ key: 'sau-9', title: 'Chín cấp', items: [chain(9)] });
    expect(tooDeep.statusCode).toBe(422);
    expect(Object.values(tooDeep.json().errors)).toEqual([
      ['A menu may be at most 8 levels deep.'],
    ]);
    const tooMany = await create({
      key: 'nhieu',
      title: 'Nhiều',
      items: Array.from({ length: 501 }, (_, n) => ({ title: `Mục ${n}`, url: '/' })),
    });
    expect(tooMany.json().errors.items).toEqual(['A menu may hold at most 500 items.']);
  });

  it('keeps keys unique and well formed, also when two creates race, and stores text in NFC', async () => {
    expect((await create({ key: 'Main Menu', title: 'x' })).json().errors.key).toEqual([
      'The key may contain only lowercase letters, digits, "-" and "_".',
    ]);
    const results = await Promise.all([
      create({ key: 'cung-luc', title: 'Một' }),
      create({ key: 'cung-luc', title: 'Hai' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors.key).toEqual([
      'A menu with this key already exists. Please enter another key.',
    ]);
    const other = (await create({ key: 'khac', title: 'Khác' })).json().data;
    const renamed = await update(other.id, { key: 'cung-luc' }, 'vi');
    expect(renamed.json().errors.key).toEqual([
      'Đã có menu với khóa này. Vui lòng nhập khóa khác.',
    ]);

    const nfd = 'Cà phê sữa đá'.normalize('NFD');
    const saved = await create({
      key: 'nfd',
      title: nfd,
      items: [{ title: nfd, url: '/ca-phe', description: nfd }],
    });
    expect(saved.json().data.title).toBe('Cà phê sữa đá'.normalize('NFC'));
    expect(saved.json().data.items[0].title).toBe('Cà phê sữa đá'.normalize('NFC'));
    const found = (
      await t.request('GET', `/api/v1/menus?search=${encodeURIComponent('ca phe sua da')}`, {
        token: editor,
      })
    ).json().data;
    expect(found.map((m: { key: string }) => m.key)).toEqual(['nfd']);
  });

  it('keeps one whole tree when two saves of the same menu arrive at once', async () => {
    const menu = (await create({ key: 'hai-luu', title: 'Hai lần lưu' })).json().data;
    const tree = (name: string) => [
      { title: `${name} 1`, url: '/1', children: [{ title: `${name} 1.1`, url: '/1/1' }] },
      { title: `${name} 2`, url: '/2' },
    ];
    const results = await Promise.all([
      update(menu.id, { items: tree('A') }),
      update(menu.id, { items: tree('B') }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const shown = (await t.request('GET', `/api/v1/menus/${menu.id}`, { token: editor })).json()
      .data.items;
    const name = shown[0].title[0];
    expect(shown).toMatchObject(tree(name));
    expect(shown).toHaveLength(2);
  });
});
