import { POST_STATUSES } from '@backoffice/shared/post.schema';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countKey } from '../../core/list-engine';
import { createTestApp, type TestApp } from '../../test/test-app';
import { multipart } from '../../test/test-kit';
import { announceDuePosts } from './post-publication';

/**
 * A category's posts (with those below it), their order and their total come from an index and
 * counts of their own, kept by triggers: after every kind of write the lists and the counts are
 * compared with the posts themselves, walked the slow way.
 */

let t: TestApp;
let typeId = 0;
const cats: Record<string, number> = {};

const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
  t.request(method, `/api/v1${path}`, { token: t.adminToken, body: body as never });

const category = async (title: string, parentId: number | null) =>
  (await api('POST', '/categories', { type_id: typeId, title, parent_id: parentId })).json().data
    .id as number;

const write = async (title: string, categoryIds: number[], status = 'published') => {
  const answer = await api('POST', '/posts', {
    type_id: typeId,
    title,
    status,
    category_ids: categoryIds,
  });
  expect(answer.statusCode).toBe(201);
  return answer.json().data as { id: number; product: { code: string } };
};

/** The posts of a category and every one below it, newest first, walked the slow way. */
const expected = async (categoryId: number, status?: string) => {
  const { rows } = await sql<{ id: number }>`
    with recursive below(id) as (
      select cast(${categoryId} as integer)
      union select c.id from categories c join below on c.parent_id = below.id
    )
    select p.id from posts p
    where p.type_id = ${typeId}
      and ${status ? sql`p.status = ${status}` : sql`true`}
      and exists (select 1 from post_categories pc join below b on b.id = pc.category_id
        where pc.post_id = p.id)
    order by p.created_at desc, p.id desc`.execute(t.db);
  return rows.map((row) => Number(row.id));
};

const listed = async (query: string) => {
  const answer = await api('GET', `/posts?type_id=${typeId}&${query}`);
  expect(answer.statusCode).toBe(200);
  const body = answer.json();
  return {
    ids: body.data.map((post: { id: number }) => post.id) as number[],
    total: body.meta.pagination.total as number,
  };
};

const kept = async (values: Record<string, unknown>) =>
  Number(
    (
      await t.db
        .selectFrom('row_counts')
        .select('n')
        .where('table_name', '=', countKey('category_posts', values))
        .executeTakeFirst()
    )?.n ?? 0,
  );

/** Every category of the type, with and without each status: the lists and counts are the posts'. */
const expectExact = async () => {
  const categories = (
    await t.db.selectFrom('categories').select('id').where('type_id', '=', typeId).execute()
  ).map((row) => Number(row.id));
  for (const categoryId of categories)
    for (const status of [undefined, ...POST_STATUSES]) {
      const posts = await expected(categoryId, status);
      const filter = `category_id=${categoryId}${status ? `&status=${status}` : ''}`;
      const context = `category ${categoryId}, ${status ?? 'any status'}`;
      expect(await listed(`${filter}&limit=100`), context).toEqual({
        ids: posts,
        total: posts.length,
      });
      // A full page takes its total from the counts.
      expect(await listed(`${filter}&limit=1&page=2`), context).toEqual({
        ids: posts.slice(1, 2),
        total: posts.length,
      });
      if (!status)
        expect(await listed(`${filter}&limit=2&orderBy=created_at&sortedBy=asc`), context).toEqual({
          ids: [...posts].reverse().slice(0, 2),
          total: posts.length,
        });
      expect(
        await kept({
          category_id: categoryId,
          type_id: typeId,
          ...(status ? { status } : {}),
        }),
        context,
      ).toBe(posts.length);
    }
};

beforeAll(async () => {
  t = await createTestApp();
  typeId = (await api('POST', '/types', { style: 'product', title: 'Cà phê' })).json().data.id;
  cats.drinks = await category('Đồ uống', null);
  cats.coffee = await category('Cà phê', cats.drinks);
  cats.iced = await category('Cà phê đá', cats.coffee);
  cats.tea = await category('Trà', cats.drinks);
  cats.food = await category('Đồ ăn', null);
});
afterAll(() => t.close());

describe('posts: a category’s page and total', () => {
  it('stay exact through every write that changes a post’s status or categories', async () => {
    // Creates: one post in two categories of one branch is counted once there.
    const a = await write('Phin sữa đá', [cats.iced!, cats.tea!]);
    const b = await write('Bạc xỉu', [cats.coffee!], 'draft');
    const c = await write('Trà sen', [cats.tea!], 'pending');
    const d = await write('Bánh mì', [cats.food!, cats.iced!], 'private');
    const e = await write('Không danh mục', []);
    await expectExact();
    expect(await kept({ category_id: cats.drinks, type_id: typeId, status: 'published' })).toBe(1);

    // Status and categories changed by a save, approval, and a save of both at once.
    await api('PATCH', `/posts/${b.id}`, { status: 'published' });
    await api('PATCH', `/posts/${a.id}`, { category_ids: [cats.tea!] });
    await api('POST', `/posts/${c.id}/approve`);
    await api('PATCH', `/posts/${d.id}`, { status: 'draft', category_ids: [cats.coffee!] });
    await api('PATCH', `/posts/${e.id}`, { category_ids: [cats.iced!] });
    await expectExact();

    // Bulk actions.
    await api('POST', '/posts/bulk', {
      ids: [a.id, b.id, d.id],
      action: 'status',
      status: 'private',
    });
    await expectExact();
    const f = await write('Cà phê trứng', [cats.coffee!]);
    await api('POST', '/posts/bulk', { ids: [b.id, f.id], action: 'delete' });
    await expectExact();

    // A delete.
    expect((await api('DELETE', `/posts/${c.id}`)).statusCode).toBe(204);
    await expectExact();

    // An import that changes the status of a product it finds by code.
    const file = multipart(
      {},
      {
        field: 'file',
        filename: 'posts.csv',
        type: 'text/csv',
        bytes: Buffer.from(
          `code,title,status\n${d.product.code},Bánh mì,published\nMOI-1,Mới,draft\n`,
        ),
      },
    );
    const imported = await t.app.inject({
      method: 'POST',
      url: `/api/v1/posts/import?type_id=${typeId}&dry_run=false`,
      payload: file.payload,
      headers: { ...file.headers, authorization: `Bearer ${t.adminToken}` },
    });
    expect(imported.json().data).toMatchObject({ created: 1, updated: 1 });
    await expectExact();

    // A scheduled post is counted by its status from the start; announcing it changes nothing.
    const later = new Date(Date.now() + 3_600_000);
    const scheduled = await api('POST', '/posts', {
      type_id: typeId,
      title: 'Sắp ra mắt',
      status: 'published',
      published_at: later.toISOString(),
      category_ids: [cats.tea!],
    });
    expect(scheduled.statusCode).toBe(201);
    await expectExact();
    expect(await announceDuePosts(t.db, new Date(later.getTime() + 1000))).toBeGreaterThan(0);
    await expectExact();

    // A link written by SQL (a seed, a script) is followed as well.
    await t.db
      .insertInto('post_categories')
      .values({ post_id: e.id, category_id: cats.food! })
      .execute();
    await expectExact();
    // Each check walks every category and status through the API: slow on a busy machine.
  }, 120_000);

  it('follow a category moved in its tree, by a save or a drag and drop, and a deleted category', async () => {
    const g = await write('Cà phê muối', [cats.iced!]);
    await write('Trà đào', [cats.tea!, cats.iced!]);
    await expectExact();
    // The coffee branch (with its iced coffee) goes under food, then back by drag and drop.
    expect(
      (await api('PATCH', `/categories/${cats.coffee}`, { parent_id: cats.food })).statusCode,
    ).toBe(200);
    await expectExact();
    expect(
      (
        await api('POST', '/categories/reorder', {
          items: [
            { id: cats.coffee, parent_id: cats.drinks, order: 0 },
            { id: cats.tea, parent_id: cats.coffee, order: 0 },
          ],
        })
      ).statusCode,
    ).toBe(204);
    await expectExact();
    // A move that would make a cycle is refused and leaves everything as it was.
    expect(
      (
        await api('POST', '/categories/reorder', {
          items: [{ id: cats.drinks, parent_id: cats.iced, order: 0 }],
        })
      ).statusCode,
    ).toBe(422);
    await expectExact();
    // Deleted: lifting its children up, then a branch with its children.
    expect((await api('DELETE', `/categories/${cats.coffee}?children=lift`)).statusCode).toBe(204);
    await expectExact();
    expect((await api('DELETE', `/categories/${cats.drinks}?children=cascade`)).statusCode).toBe(
      204,
    );
    await expectExact();
    expect(
      await t.db
        .selectFrom('category_posts')
        .select('post_id')
        .where('post_id', '=', g.id)
        .execute(),
    ).toEqual([]);
  }, 120_000);
});
