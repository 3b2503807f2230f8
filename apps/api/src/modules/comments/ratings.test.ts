import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let staff: string;
let reader: string;
let customer: { id: number; name: string };
let post = 0;
let other = 0;

const stamp = () => new Date().toISOString();
const RATINGS_ON = JSON.stringify([{ key: 'ratings', name: null, enabled: true }]);

beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.createUser(['ratings.list', 'ratings.create', 'ratings.delete'])).token;
  reader = (await t.createUser(['ratings.list'])).token;
  customer = await t.createUser([], { name: 'Phạm Quốc Bảo' });
  const { rows } = await sql<{ id: number }>`insert into post_types
    (style, sort, title, slug, sitemap, features, custom_fields, created_at, updated_at)
    values ('product', 0, 'Sản phẩm', 'san-pham', ${true}, ${RATINGS_ON}, '[]', ${stamp()}, ${stamp()}) returning id`.execute(
    t.db,
  );
  const typeId = Number(rows[0]!.id);
  const add = async (title: string) =>
    (
      await t.request('POST', '/api/v1/posts', {
        token: t.adminToken,
        body: { type_id: typeId, title },
      })
    ).json().data.id as number;
  post = await add('Cà phê hạt Robusta');
  other = await add('Trà sen');
});
afterAll(() => t.close());

const rate = (body: unknown, token = staff) =>
  t.request('POST', '/api/v1/ratings', { token, body, locale: 'en' });

describe('ratings', () => {
  it('records ratings newest first with the user or the unregistered name, and the rated post', async () => {
    const byUser = await rate({
      post_id: post,
      user_id: customer.id,
      score: 5,
      content: 'Rất thơm',
    });
    expect(byUser.statusCode).toBe(201);
    const byGuest = await rate({ post_id: post, author_name: 'Khách vãng lai', score: 2 });
    expect(byGuest.json().data).toMatchObject({
      author_name: 'Khách vãng lai',
      user_id: null,
      content: null,
    });
    await rate({ post_id: other, author_name: 'Hà', score: 4 });

    const list = await t.request('GET', '/api/v1/ratings?include=user,post', { token: reader });
    expect(list.statusCode).toBe(200);
    const rows = list.json().data;
    expect(rows.map((r: { score: number }) => r.score)).toEqual([4, 2, 5]);
    expect(rows[2]).toMatchObject({
      user: { id: customer.id, name: 'Phạm Quốc Bảo' },
      post: { id: post, title: 'Cà phê hạt Robusta' },
      created_at: expect.any(String),
    });
    expect(rows[1].user).toBeNull();
    expect(list.json().meta.pagination.total).toBe(3);
    expect(
      (await t.request('GET', '/api/v1/ratings?include=author', { token: reader })).statusCode,
    ).toBe(422);
    const ofPost = (
      await t.request('GET', `/api/v1/ratings?post_id=${post}`, { token: reader })
    ).json();
    expect(ofPost.meta.pagination.total).toBe(2);
  });

  it("answers a post's count and average score", async () => {
    const summary = await t.request('GET', `/api/v1/ratings/summary?post_id=${post}`, {
      token: reader,
    });
    expect(summary.json().data).toEqual({ post_id: post, count: 2, average: 3.5 });
    const none = await t.request('GET', '/api/v1/ratings/summary?post_id=999999', {
      token: reader,
    });
    expect(none.json().data).toEqual({ post_id: 999999, count: 0, average: null });
  });

  it('keeps the score between 1 and 5 and one author kind', async () => {
    const before = await countRows(t, 'ratings');
    for (const score of [0, 6, 4.5, '5'])
      expect(
        (await rate({ post_id: post, author_name: 'Lan', score })).json().errors.score,
      ).toEqual(['The score must be a whole number from 1 to 5.']);
    expect((await rate({ post_id: post, author_name: 'Lan', score: 1 })).statusCode).toBe(201);
    expect((await rate({ post_id: post, author_name: 'Lan', score: 5 })).statusCode).toBe(201);
    const both = await rate({ post_id: post, author_name: 'Lan', user_id: customer.id, score: 3 });
    expect(Object.keys(both.json().errors)).toEqual(['author_name']);
    const neither = await rate({ post_id: post, score: 3 });
    expect(neither.statusCode).toBe(422);
    const unknown = await rate({ post_id: post, author_name: 'Lan', score: 3, rating: 3 });
    expect(Object.keys(unknown.json().errors)).toEqual(['rating']);
    const ghost = await rate({ post_id: post, user_id: 999999, score: 3 });
    expect(Object.keys(ghost.json().errors)).toEqual(['user_id']);
    expect(await countRows(t, 'ratings')).toBe(before + 2);
  });

  it('stores names composed (NFC) and finds them typed either way', async () => {
    const created = (
      await rate({ post_id: other, author_name: 'Nguyễn Thuỳ'.normalize('NFD'), score: 3 })
    ).json().data;
    expect(created.author_name).toBe('Nguyễn Thuỳ'.normalize('NFC'));
    const found = await t.request(
      'GET',
      `/api/v1/ratings?search=${encodeURIComponent('thuỳ'.normalize('NFD'))}`,
      {
        token: reader,
      },
    );
    expect(found.json().data.map((r: { id: number }) => r.id)).toEqual([created.id]);
  });

  it('is deleted by staff only; a reader cannot add or delete, and ratings are not edited', async () => {
    const created = (await rate({ post_id: other, author_name: 'Xóa tôi', score: 1 })).json().data;
    expect(
      (await rate({ post_id: other, author_name: 'Không', score: 3 }, reader)).statusCode,
    ).toBe(403);
    expect(
      (await t.request('DELETE', `/api/v1/ratings/${created.id}`, { token: reader })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request('PATCH', `/api/v1/ratings/${created.id}`, {
          token: staff,
          body: { score: 5 },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request('DELETE', `/api/v1/ratings/${created.id}`, { token: staff })).statusCode,
    ).toBe(204);
    expect(
      (await t.request('GET', `/api/v1/ratings/${created.id}`, { token: reader })).statusCode,
    ).toBe(404);
  });
});

describe('ratings on a type without them', () => {
  it('refuses a rating when the post type has ratings switched off', async () => {
    const { rows } = await sql<{ id: number }>`insert into post_types
      (style, sort, title, slug, sitemap, features, custom_fields, created_at, updated_at)
      values ('article', 0, 'Tin', 'tin-khong-danh-gia', ${true}, '[]', '[]', ${stamp()}, ${stamp()}) returning id`.execute(
      t.db,
    );
    const closed = (
      await t.request('POST', '/api/v1/posts', {
        token: t.adminToken,
        body: { type_id: Number(rows[0]!.id), title: 'Không đánh giá' },
      })
    ).json().data.id as number;
    const refused = await rate({ post_id: closed, author_name: 'Lan', score: 5 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.post_id).toEqual([
      'Ratings are switched off for posts of this type.',
    ]);
  });
});
