import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Menu items pointing at real post types, categories, groups, trademarks, posts and products. */
let t: TestApp;
let token: string;
const ids: Record<string, number> = {};

const api = async (path: string, body: unknown) => {
  const response = await t.request('POST', `/api/v1${path}`, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
};

beforeAll(async () => {
  // a webhook on this machine hears the menus' events
  t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  token = t.adminToken;
  ids.type = await api('/types', { style: 'article', title: 'Tin tức' });
  ids.productType = await api('/types', { style: 'product', title: 'Cà phê' });
  ids.category = await api('/categories', { type_id: ids.type, title: 'Du lịch' });
  ids.group = await api('/groups', { type_id: ids.type, style: 'article', title: 'Nổi bật' });
  ids.trademark = await api('/groups', {
    type_id: ids.type,
    style: 'trademark',
    title: 'Trung Nguyên',
  });
  ids.field = await api('/groups', { type_id: ids.type, style: 'field', title: 'Thông số' });
  ids.post = await api('/posts', { type_id: ids.type, title: 'Đà Lạt mùa hoa' });
  ids.product = await api('/posts', {
    type_id: ids.productType,
    title: 'Cà phê Robusta',
    product: { price: 1 },
  });
});
afterAll(() => t.close());

let n = 0;
const save = (type: string, refId: number) =>
  t.request('POST', '/api/v1/menus', {
    token,
    locale: 'en',
    body: {
      key: `m-${type}-${++n}`,
      title: 'Menu',
      items: [{ type, ref_id: refId, title: 'Mục' }],
    },
  });

const MISSING = { 'items.0.ref_id': ['The record this item links to does not exist.'] };

describe('menu items pointing at records', () => {
  it.each([
    ['type', 'type', null],
    ['category', 'category', null],
    ['group', 'group', 'trademark'],
    ['trademark', 'trademark', 'field'],
    ['post', 'post', 'product'],
    ['product', 'product', 'post'],
  ] as const)(
    'saves a %s item naming one, and refuses a missing or other-kind record',
    async (type, good, other) => {
      const saved = await save(type, ids[good]!);
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().data.items[0]).toMatchObject({ type, ref_id: ids[good] });
      const missing = await save(type, 99_999_999);
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors).toEqual(MISSING);
      // A row of the same table but another kind (group style, product or not) is not one.
      if (other) expect((await save(type, ids[other]!)).json().errors).toEqual(MISSING);
    },
  );
});

describe('the posts a menu picks from', () => {
  it('lists products across types by style, and the posts that are not products', async () => {
    const titles = async (style: string) => {
      const response = await t.request('GET', `/api/v1/posts?style=${style}`, { token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().data.map((post: { title: string }) => post.title);
    };
    expect(await titles('product')).toEqual(['Cà phê Robusta']);
    expect(await titles('article,course')).toEqual(['Đà Lạt mùa hoa']);
    const bad = await t.request('GET', '/api/v1/posts?style=page', { token });
    expect(bad.statusCode).toBe(422);
  });
});

describe('records deleted while menus point at them', () => {
  type Item = { type: string; ref_id: number | null; title: string; children: Item[] };
  const outline = (items: Item[]): unknown[] =>
    items.map((item) =>
      item.children.length > 0 ? [item.title, outline(item.children)] : item.title,
    );

  it('drops the items in the same delete, their sub-items taking their place, and the menu saves again', async () => {
    const typeId = await api('/types', { style: 'article', title: 'Sự kiện' });
    const productTypeId = await api('/types', { style: 'product', title: 'Trà' });
    const parent = await api('/categories', { type_id: typeId, title: 'Lễ hội' });
    const child = await api('/categories', { type_id: typeId, title: 'Tết', parent_id: parent });
    const group = await api('/groups', { type_id: typeId, style: 'article', title: 'Nổi bật' });
    const trademark = await api('/groups', {
      type_id: typeId,
      style: 'trademark',
      title: 'Phúc Long',
    });
    const post = await api('/posts', { type_id: typeId, title: 'Hội hoa' });
    const product = await api('/posts', {
      type_id: productTypeId,
      title: 'Trà sen',
      product: { price: 1 },
    });
    const emptyType = await api('/types', { style: 'article', title: 'Trống' });
    const item = (
      type: string,
      ref_id: number | null,
      title: string,
      children: unknown[] = [],
    ) => ({
      type,
      ref_id,
      title,
      ...(type === 'custom' ? { url: `/${title}` } : {}),
      children,
    });
    const menuId = await api('/menus', {
      key: 'deleted-records',
      title: 'Menu',
      items: [
        item('custom', null, 'home'),
        item('category', parent, 'festivals', [
          item('post', post, 'flowers', [item('category', child, 'tet')]),
          item('custom', null, 'sub'),
        ]),
        item('group', group, 'featured'),
        item('trademark', trademark, 'brand', [item('product', product, 'lotus-tea')]),
        item('type', emptyType, 'empty-type'),
      ],
    });
    const read = async () =>
      (await t.request('GET', `/api/v1/menus/${menuId}`, { token })).json().data.items as Item[];
    const remove = async (path: string) =>
      expect((await t.request('DELETE', `/api/v1${path}`, { token })).statusCode).toBe(204);

    // The parent category and, with it, its child: both items go, the others move up.
    await remove(`/categories/${parent}?children=cascade`);
    expect(outline(await read())).toEqual([
      'home',
      'flowers',
      'sub',
      'featured',
      ['brand', ['lotus-tea']],
      'empty-type',
    ]);
    // The menu as it now is saves without a word about an item nobody touched.
    const saved = await t.request('PATCH', `/api/v1/menus/${menuId}`, {
      token,
      body: { items: await read() },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    await remove(`/posts/${post}`);
    await remove(`/groups/${group}`);
    await remove(`/groups/${trademark}`);
    expect(outline(await read())).toEqual(['home', 'sub', 'lotus-tea', 'empty-type']);
    await remove(`/posts/${product}`);
    await remove(`/types/${emptyType}`);
    const left = await read();
    expect(outline(left)).toEqual(['home', 'sub']);
    expect(left.map((entry) => entry.type)).toEqual(['custom', 'custom']);
    const again = await t.request('PATCH', `/api/v1/menus/${menuId}`, {
      token,
      body: { items: left },
    });
    expect(again.statusCode, again.body).toBe(200);
  });

  it('leaves items of other kinds that share the number alone', async () => {
    const typeId = await api('/types', { style: 'article', title: 'Khác' });
    const group = await api('/groups', { type_id: typeId, style: 'article', title: 'Một nhóm' });
    const category = await api('/categories', { type_id: typeId, title: 'Một danh mục' });
    const menuId = await api('/menus', {
      key: 'other-kinds',
      title: 'Menu',
      items: [
        { type: 'group', ref_id: group, title: 'group' },
        { type: 'category', ref_id: category, title: 'category' },
      ],
    });
    // Deleting a category touches category items only, whatever their number.
    await t.db
      .updateTable('menu_items')
      .set({ ref_id: category })
      .where('menu_id', '=', menuId)
      .where('type', '=', 'group')
      .execute();
    expect(
      (await t.request('DELETE', `/api/v1/categories/${category}`, { token })).statusCode,
    ).toBe(204);
    const items = (await t.request('GET', `/api/v1/menus/${menuId}`, { token })).json().data.items;
    expect(items.map((entry: { title: string }) => entry.title)).toEqual(['group']);
  });
});

describe('the website told of a menu that lost an item', () => {
  const menuDeliveries = async () =>
    (
      await t.db
        .selectFrom('webhook_deliveries')
        .select('body')
        .where('event', '=', 'menu.updated')
        .orderBy('id')
        .execute()
    ).map((row) => (JSON.parse(row.body) as { data: { key: string } }).data.key);

  it('sends menu.updated for each menu whose item went with a deleted record, and none for a record no menu names', async () => {
    const hook = await t.request('POST', '/api/v1/webhooks', {
      token,
      body: { url: 'http://127.0.0.1:9/hook', events: ['menu.updated'] },
    });
    expect(hook.statusCode, hook.body).toBe(201);
    const typeId = await api('/types', { style: 'article', title: 'Ẩm thực' });
    const named = await api('/posts', { type_id: typeId, title: 'Phở bò' });
    const unnamed = await api('/posts', { type_id: typeId, title: 'Bún chả' });
    const item = { type: 'post', ref_id: named, title: 'Phở' };
    await api('/menus', { key: 'told-header', title: 'Header', items: [item] });
    await api('/menus', { key: 'told-footer', title: 'Footer', items: [item] });
    await api('/menus', { key: 'told-other', title: 'Other', items: [] });
    const before = await menuDeliveries();

    const removed = await t.request('DELETE', `/api/v1/posts/${unnamed}`, { token });
    expect(removed.statusCode).toBe(204);
    expect(await menuDeliveries()).toEqual(before);

    expect((await t.request('DELETE', `/api/v1/posts/${named}`, { token })).statusCode).toBe(204);
    expect((await menuDeliveries()).slice(before.length)).toEqual(['told-header', 'told-footer']);
  });
});
