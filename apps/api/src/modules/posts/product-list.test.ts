import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { up as foldCodesIntoSearch } from '../../db/migrations/2026_12_05_6100_product_code_search';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contactBody } from '../contacts/contact-test-kit';

/** The product list a shop works with: found by code, and the stock on hand for those who see stock. */
let t: TestApp;
let typeId = 0;
let seller: string;
let writer: string;

const get = (url: string, token = t.adminToken) =>
  t.request('GET', `/api/v1${url}`, { token, locale: 'en' });

const addProduct = async (title: string, code: string, price: number) => {
  const created = await t.request('POST', '/api/v1/posts', {
    token: t.adminToken,
    body: { type_id: typeId, title, product: { code, price } },
  });
  expect(created.statusCode).toBe(201);
  return created.json().data.id as number;
};

const titles = (response: { json: () => { data: Array<{ title: string }> } }) =>
  response.json().data.map((post) => post.title);

beforeAll(async () => {
  t = await createTestApp();
  const type = await t.request('POST', '/api/v1/types', {
    token: t.adminToken,
    body: { style: 'product', title: 'Cà phê' },
  });
  typeId = type.json().data.id;
  seller = (await t.createUser(['posts.list', 'manage-warehouses'])).token;
  writer = (await t.createUser(['posts.list'])).token;
});
afterAll(() => t.close());

describe('the product list', () => {
  it('finds a product by its code in the search box, and by code: exactly', async () => {
    await addProduct('Cà phê Robusta', 'RB-250', 120_000);
    await addProduct('Cà phê Arabica', 'AR-500', 250_000);
    expect(titles(await get(`/posts?type_id=${typeId}&search=rb-250`))).toEqual(['Cà phê Robusta']);
    expect(titles(await get(`/posts?type_id=${typeId}&search=code:AR-500`))).toEqual([
      'Cà phê Arabica',
    ]);
    const row = (await get(`/posts?type_id=${typeId}&search=arabica`)).json().data[0];
    expect(row.product).toMatchObject({ code: 'AR-500', price: 250_000 });
  });

  it('finds the products saved before codes were searched once the migration has run', async () => {
    const id = await addProduct('Trà Ô Long', 'OL-100', 90_000);
    // As a product was stored before: its code not in the folded search text.
    await sql`update posts set search_text = ${'tra o long tra-o-long'} where id = ${id}`.execute(
      t.db,
    );
    expect(titles(await get(`/posts?type_id=${typeId}&search=ol-100`))).toEqual([]);
    await foldCodesIntoSearch(t.db as never);
    expect(titles(await get(`/posts?type_id=${typeId}&search=ol-100`))).toEqual(['Trà Ô Long']);
    expect(titles(await get(`/posts?type_id=${typeId}&search=tra long`))).toEqual(['Trà Ô Long']);
  });

  it('shows the units on hand over every warehouse to those who may see stock', async () => {
    const id = await addProduct('Cà phê Culi', 'CL-1', 150_000);
    for (const number of [7, 5]) {
      const warehouse = await t.request('POST', '/api/v1/warehouses', {
        token: t.adminToken,
        body: contactBody(),
      });
      const imported = await t.request(
        'POST',
        `/api/v1/warehouses/${warehouse.json().data.id}/change`,
        {
          token: t.adminToken,
          body: { style: 'import', products: [{ post_id: id, price: 100_000, number }] },
        },
      );
      expect(imported.statusCode).toBe(201);
    }
    const listed = await get(`/posts?type_id=${typeId}&include=stock&limit=100`, seller);
    expect(listed.statusCode).toBe(200);
    const stock = Object.fromEntries(
      listed
        .json()
        .data.map((post: { title: string; product: { in_stock: number } }) => [
          post.title,
          post.product.in_stock,
        ]),
    );
    expect(stock).toMatchObject({ 'Cà phê Culi': 12, 'Cà phê Robusta': 0 });

    // Without the key that shows stock, the list answers without it and stock is refused.
    const plain = (await get(`/posts?type_id=${typeId}`, writer)).json().data[0];
    expect(plain.product).not.toHaveProperty('in_stock');
    expect((await get(`/posts?type_id=${typeId}&include=stock`, writer)).statusCode).toBe(403);
  });

  it('lets whoever makes orders or slips pick products without reading the other posts', async () => {
    const articles = await t.request('POST', '/api/v1/types', {
      token: t.adminToken,
      body: { style: 'article', title: 'Tin tức' },
    });
    const articleType = articles.json().data.id as number;
    await t.request('POST', '/api/v1/posts', {
      token: t.adminToken,
      body: { type_id: articleType, title: 'Bài nội bộ' },
    });
    for (const key of ['orders.create', 'orders.update', 'edit-warehouses'] as const) {
      const clerk = (await t.createUser([key])).token;
      // The pickers' two questions: products of every type, and the products of one type.
      const picked = await get('/posts?style=product&search=robusta', clerk);
      expect(picked.statusCode, key).toBe(200);
      expect(titles(picked)).toEqual(['Cà phê Robusta']);
      expect((await get(`/posts?type_id=${typeId}&limit=1`, clerk)).statusCode, key).toBe(200);
      // Nothing else of the posts: not the articles, not everything, not one post, not an export.
      for (const url of [
        `/posts?type_id=${articleType}`,
        '/posts',
        '/posts?style=product,article',
        `/posts?type_id=${articleType}&style=article`,
        '/posts/export?format=csv',
        `/posts/export?format=csv&type_id=${articleType}`,
      ])
        expect((await get(url, clerk)).statusCode, `${key} ${url}`).toBe(403);
      expect((await get('/posts?type_id=999999', clerk)).statusCode).toBe(403);
    }
    // Whoever lists posts still reads every one of them.
    expect(titles(await get(`/posts?type_id=${articleType}`, writer))).toEqual(['Bài nội bộ']);
  });
});
