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
  t = await createTestApp();
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
