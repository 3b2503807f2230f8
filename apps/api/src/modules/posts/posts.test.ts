import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let editor: string;
let approver: string;
let reader: string;
const types = { article: 0, product: 0, course: 0 };
const cats: Record<string, number> = {};
let articleGroup = 0;
let trademark = 0;
let otherTypeCategory = 0;
let agency = 0;
let discount = 0;

const stamp = () => new Date().toISOString();

/** Post types, categories and groups as the content screens make them. */
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
    features: JSON.stringify([{ key: 'category', name: '', enabled: true }]),
    custom_fields: '[]',
    created_at: stamp(),
    updated_at: stamp(),
  });

const addCategory = (typeId: number, title: string, parentId: number | null, level: number) =>
  insert('categories', {
    type_id: typeId,
    parent_id: parentId,
    title,
    slug: title
      .toLowerCase()
      .replace(/\s+/g, '-')
      .normalize('NFD')
      .replace(/[^a-z0-9-]/g, ''),
    order: 0,
    level,
    created_at: stamp(),
    updated_at: stamp(),
  });

const addGroup = (typeId: number, style: string, title: string) =>
  insert('post_groups', {
    style,
    type_id: typeId,
    title,
    slug: `${style}-${title.length}-${Math.random().toString(36).slice(2, 7)}`,
    created_at: stamp(),
    updated_at: stamp(),
  });

beforeAll(async () => {
  t = await createTestApp();
  editor = (await t.createUser(['posts.list', 'posts.create', 'posts.update', 'posts.delete']))
    .token;
  approver = (
    await t.createUser([
      'posts.list',
      'posts.create',
      'posts.update',
      'posts.delete',
      'posts.approve',
    ])
  ).token;
  reader = (await t.createUser(['posts.list'])).token;
  types.article = await addType('article');
  types.product = await addType('product');
  types.course = await addType('course');
  cats.news = await addCategory(types.article, 'Tin tuc', null, 1);
  cats.local = await addCategory(types.article, 'Trong nuoc', cats.news, 2);
  cats.hanoi = await addCategory(types.article, 'Ha Noi', cats.local, 3);
  cats.sport = await addCategory(types.article, 'The thao', null, 1);
  otherTypeCategory = await addCategory(types.product, 'Ca phe', null, 1);
  articleGroup = await addGroup(types.article, 'article', 'Nổi bật');
  trademark = await addGroup(types.article, 'trademark', 'Trung Nguyên');
  // The article type's data fields: what a post's `fields` may name.
  const dataGroup = await addGroup(types.article, 'field', 'Thông số');
  for (const [key, style] of [
    ['color', 'text'],
    ['size', 'number'],
    ['tags', 'checkbox'],
    ['body', 'editor'],
  ] as const)
    await insert('data_fields', {
      group_id: dataGroup,
      key,
      title: key,
      style,
      data: JSON.stringify(style === 'checkbox' ? [{ value: 'a', title: 'A' }] : []),
      created_at: stamp(),
      updated_at: stamp(),
    });
  discount = await insert('discounts', {
    title: 'Giảm mùa hè',
    start_at: '2026-01-01T00:00:00.000Z',
    end_at: '2036-01-01T00:00:00.000Z',
    config: JSON.stringify([{ quantity: 2, discount: 10, type: 'percent' }]),
    status: 'enable',
    created_at: stamp(),
    updated_at: stamp(),
  });
  agency = await insert('agencies', {
    name: 'Đại lý Hà Nội',
    sort: 0,
    created_at: stamp(),
    updated_at: stamp(),
  });
});
afterAll(() => t.close());

const post = (body: Record<string, unknown>, token = approver, locale = 'en') =>
  t.request('POST', '/api/v1/posts', { token, body: { type_id: types.article, ...body }, locale });
const patch = (id: number, body: Record<string, unknown>, token = approver, locale = 'en') =>
  t.request('PATCH', `/api/v1/posts/${id}`, { token, body, locale });
const list = (query: string, token = approver) =>
  t.request('GET', `/api/v1/posts?${query}`, { token });

describe('posts: boxes round-trip', () => {
  it('creates an article with every box and answers it as sent', async () => {
    const body = {
      title: 'Đường về Hà Nội mùa thu',
      description: 'Một chuyến đi qua những con đường cũ',
      avatar: '/api/v1/media/files/2026/11/a.webp',
      images: ['/api/v1/media/files/2026/11/b.webp', 'https://cdn.example.com/c.jpg'],
      contents: [
        {
          title: 'Mở đầu',
          image: '/api/v1/media/files/2026/11/d.webp',
          content: '<p>Xin <strong>chào</strong></p>',
        },
        { title: 'Kết', image: null, content: '<h2>Hết</h2><ul><li>một</li></ul>' },
      ],
      category_ids: [cats.local, cats.news],
      primary_category_id: cats.local,
      group_ids: [articleGroup],
      trademark_id: trademark,
      seo: {
        title: 'Đường về Hà Nội',
        image: '/api/v1/media/files/2026/11/seo.webp',
        description: 'Mô tả SEO',
        keywords: ['hà nội', 'mùa thu'],
        links: [{ name: 'Hà Nội', url: '/ha-noi' }],
      },
      fields: { color: 'đỏ', size: 3, tags: ['a', 'b'] },
      status: 'published',
    };
    const created = await post(body);
    expect(created.statusCode).toBe(201);
    const data = created.json().data;
    expect(data).toMatchObject({
      ...body,
      category_ids: [cats.news!, cats.local!].sort((a, b) => a - b),
      slug: 'duong-ve-ha-noi-mua-thu',
      version: 1,
      product: null,
      course: null,
    });
    expect(data.author).toMatchObject({ name: expect.any(String) });
    const shown = await t.request('GET', `/api/v1/posts/${data.id}`, { token: reader });
    expect(shown.json().data).toEqual(data);
  });

  it('creates a product with its code, price and prices per agency, and keeps codes unique', async () => {
    const body = {
      type_id: types.product,
      title: 'Cà phê sữa đá',
      product: {
        code: 'CF-001',
        price: 45000,
        discount_id: null,
        agency_prices: [{ agency_id: agency, price: 40000 }],
      },
    };
    const created = await post(body);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.product).toEqual({
      code: 'CF-001',
      price: 45000,
      discount_id: null,
      agency_prices: [{ agency_id: agency, price: 40000 }],
    });
    const again = await post({ ...body, title: 'Khác' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({
      'product.code': ['This product code is already in use.'],
    });
    // A product without a code gets one.
    const coded = await post({ type_id: types.product, title: 'Trà đào', product: { price: 0 } });
    expect(coded.json().data.product.code).toMatch(/^SP\d{6}$/);
    const badAgency = await post({
      type_id: types.product,
      title: 'X',
      product: { agency_prices: [{ agency_id: 999999, price: 1 }] },
    });
    expect(Object.keys(badAgency.json().errors)).toEqual(['product.agency_prices.0.agency_id']);
    // Only a product type's posts have a product box.
    const wrong = await post({ title: 'Bài viết', product: { price: 1 } });
    expect(wrong.json().errors).toEqual({
      product: ['Only posts of a product type have a product box.'],
    });
  });

  it('refuses a discount that does not exist, naming the box it is in', async () => {
    const unknownProduct = await post({
      type_id: types.product,
      title: 'Giảm lạ',
      product: { discount_id: 999999 },
    });
    expect(unknownProduct.statusCode).toBe(422);
    expect(unknownProduct.json().errors).toEqual({
      'product.discount_id': ['Please choose an existing discount.'],
    });
    const unknownCourse = await post({
      type_id: types.course,
      title: 'Giảm lạ',
      course: { discount_id: 999999 },
    });
    expect(unknownCourse.json().errors).toEqual({
      'course.discount_id': ['Please choose an existing discount.'],
    });
    const known = await post({
      type_id: types.product,
      title: 'Giảm thật',
      product: { discount_id: discount },
    });
    expect(known.statusCode, known.body).toBe(201);
    expect(known.json().data.product.discount_id).toBe(discount);
    const id = known.json().data.id;
    expect((await patch(id, { product: { discount_id: 999999 } })).statusCode).toBe(422);
    // A discount deleted after it was chosen does not stop the post from being saved.
    await sql`update posts set discount_id = 999998 where id = ${id}`.execute(t.db);
    const kept = await patch(id, { title: 'Giảm cũ', product: { discount_id: 999998 } });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await patch(id, { product: { discount_id: null } })).json().data.product).toMatchObject(
      { discount_id: null },
    );
  });

  it('creates a course with chapters and lessons in order, and replaces them on update', async () => {
    const course = {
      price: 990000,
      discount_id: null,
      duration: 90,
      students: 120,
      lessons_count: 3,
      chapters: [
        {
          title: 'Chương 1: Làm quen',
          image: '/api/v1/media/files/2026/11/ch1.webp',
          description: 'Bắt đầu',
          lessons: [
            {
              title: 'Giới thiệu',
              link: 'https://video.example.com/1',
              duration: 10,
              highlight: true,
              description: null,
            },
            {
              title: 'Cài đặt',
              link: null,
              duration: 20,
              highlight: false,
              description: 'Cài công cụ',
            },
          ],
        },
        {
          title: 'Chương 2',
          image: null,
          description: null,
          lessons: [
            { title: 'Giới thiệu', link: null, duration: 60, highlight: false, description: null },
          ],
        },
      ],
    };
    const created = await post({ type_id: types.course, title: 'Khóa học lập trình', course });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.course).toEqual(course);
    const id = created.json().data.id;
    const updated = await patch(id, { course: { chapters: [course.chapters[1]] } });
    expect(updated.json().data.course).toEqual({ ...course, chapters: [course.chapters[1]] });
    expect(await countRows(t, 'course_lessons')).toBe(1);
  });

  it('says the spec’s text for a lesson entered twice in a chapter, and every other validation text', async () => {
    const duplicate = await post({
      type_id: types.course,
      title: 'Khóa',
      course: { chapters: [{ title: 'A', lessons: [{ title: 'Bài 1' }, { title: ' bài 1 ' }] }] },
    });
    expect(duplicate.json().errors).toEqual({
      'course.chapters.0.lessons.1.title': ['This lesson is already exist'],
    });
    const vi = await post(
      {
        type_id: types.course,
        title: 'Khóa',
        course: { chapters: [{ title: 'A', lessons: [{ title: 'B' }, { title: 'b' }] }] },
      },
      approver,
      'vi',
    );
    expect(vi.json().errors['course.chapters.0.lessons.1.title']).toEqual([
      'Bài học này đã tồn tại',
    ]);

    const before = await countRows(t, 'posts');
    const empty = await post({ title: '' });
    expect(empty.json().errors).toEqual({ title: ['Please enter the title!'] });
    const bad = await post({
      title: 'x',
      slug: 'Không Hợp Lệ',
      status: 'live',
      avatar: 'javascript:alert(1)',
      seo: { keywords: [''], links: [{ name: '', url: 'javascript:x' }] },
    });
    expect(bad.json().errors).toEqual({
      slug: ['Only lowercase letters, digits and hyphens are allowed.'],
      status: ['The status must be published, private, draft or pending.'],
      avatar: ['Please choose an image from the media library (a path or an http(s) address).'],
      'seo.keywords.0': ['A keyword must be 1 to 100 characters long.'],
      'seo.links.0.name': ['Please enter the keyword of the link!'],
      'seo.links.0.url': ['The link must be a path starting with / or an http(s) address.'],
    });
    const product = await post({
      type_id: types.product,
      title: 'x',
      product: { code: 'x'.repeat(31), price: -1 },
    });
    expect(product.json().errors).toEqual({
      'product.code': ['The product code must be at most 30 characters long.'],
      'product.price': ['The price must be a whole number of VND, 0 or more.'],
    });
    const coursePrice = await post({
      type_id: types.course,
      title: 'x',
      course: { price: -1, chapters: [{ title: '' }] },
    });
    expect(coursePrice.json().errors).toEqual({
      'course.price': ['The price must be a whole number of VND, 0 or more.'],
      'course.chapters.0.title': ['Please enter the chapter title!'],
    });
    expect((await post({ title: 'x', colour: 'red' })).json().errors).toEqual({
      colour: ['This field is not accepted.'],
    });
    expect((await post({ type_id: 999999, title: 'x' })).json().errors).toEqual({
      type_id: ['Please choose an existing post type.'],
    });
    const wrongPrimary = await post({
      title: 'x',
      category_ids: [cats.news],
      primary_category_id: cats.sport,
    });
    expect(wrongPrimary.json().errors).toEqual({
      primary_category_id: ['The primary category must be one of the chosen categories.'],
    });
    const otherType = await post({ title: 'x', category_ids: [otherTypeCategory] });
    expect(otherType.json().errors).toEqual({
      category_ids: ['This category belongs to another post type.'],
    });
    expect((await post({ title: 'x', trademark_id: articleGroup })).json().errors).toEqual({
      trademark_id: ['Please choose a trademark of this post type.'],
    });
    expect((await post({ title: 'x', group_ids: [trademark] })).json().errors).toEqual({
      group_ids: ['This group belongs to another post type.'],
    });
    expect(await countRows(t, 'posts')).toBe(before);
  });

  it('makes slugs from titles, numbers repeats within a type and refuses a taken one', async () => {
    const a = await post({ title: 'Cà Phê Sữa Đá' });
    const b = await post({ title: 'Cà Phê Sữa Đá' });
    expect([a.json().data.slug, b.json().data.slug]).toEqual(['ca-phe-sua-da', 'ca-phe-sua-da-2']);
    const taken = await post({ title: 'Khác', slug: 'ca-phe-sua-da' });
    expect(taken.statusCode).toBe(422);
    expect(Object.keys(taken.json().errors)).toEqual(['slug']);
    // Another type may use the same slug.
    expect((await post({ type_id: types.course, title: 'Cà Phê Sữa Đá' })).json().data.slug).toBe(
      'ca-phe-sua-da',
    );
  });

  it('sets the primary category to the first chosen one when none is named, and keeps related posts', async () => {
    const a = (await post({ title: 'Liên quan A' })).json().data;
    const b = (
      await post({ title: 'Liên quan B', category_ids: [cats.sport], related_ids: [a.id] })
    ).json().data;
    expect(b.primary_category_id).toBe(cats.sport);
    expect(b.primary_category).toEqual({ id: cats.sport, title: 'The thao' });
    expect(b.related_ids).toEqual([a.id]);
    expect((await patch(b.id, { related_ids: [b.id] })).json().errors).toEqual({
      related_ids: ['A post cannot be related to itself.'],
    });
    // The related-posts box reads its posts by ids.
    const byIds = await list(`ids=${a.id},${b.id}&orderBy=id&sortedBy=asc`);
    expect(byIds.json().data.map((p: { id: number }) => p.id)).toEqual([a.id, b.id]);
  });
});

describe('posts: sanitizing rich text', () => {
  it('drops scripts, event handlers and javascript: links, and keeps benign markup', async () => {
    const created = await post({
      title: 'Nội dung độc',
      contents: [
        {
          title: 'x',
          content:
            '<p onclick="steal()">Chữ <em>nghiêng</em></p><script>alert(1)</script><a href="javascript:alert(1)">bấm</a>' +
            '<img src="/api/v1/media/files/x.webp" onerror="alert(1)" alt="ảnh"><table><tbody><tr><td>ô</td></tr></tbody></table>' +
            '<a href="https://example.com" target="_blank">ngoài</a>',
        },
      ],
    });
    const html = created.json().data.contents[0].content as string;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(html).toContain('<p>Chữ <em>nghiêng</em></p>');
    expect(html).toContain('<img src="/api/v1/media/files/x.webp" alt="ảnh">');
    expect(html).toContain('<td>ô</td>');
    expect(html).toContain('rel="noopener noreferrer"');
  });
});

describe('posts: data fields', () => {
  it('sanitizes rich text fields like the content, and stores other fields as sent', async () => {
    const created = await post({
      title: 'Trường soạn thảo',
      fields: {
        body:
          '<p onclick="steal()">Chữ <strong>đậm</strong></p><script>alert(1)</script>' +
          '<a href="javascript:alert(1)">bấm</a><img src="/api/v1/media/files/y.webp" onerror="alert(1)">',
        color: '<b>đỏ</b> & <script>',
        size: 3,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fields = created.json().data.fields;
    expect(fields.body).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(fields.body).toContain('<p>Chữ <strong>đậm</strong></p>');
    expect(fields.body).toContain('<img src="/api/v1/media/files/y.webp">');
    // Plain text is stored as sent: the admin shows it escaped.
    expect(fields.color).toBe('<b>đỏ</b> & <script>');
    const updated = await patch(created.json().data.id, {
      fields: { body: '<h2>Hết</h2><iframe src="https://evil.example"></iframe>' },
    });
    expect(updated.json().data.fields).toEqual({ body: '<h2>Hết</h2>' });
  });

  it('refuses by name a key that is no data field of the post’s type', async () => {
    const refused = await post({ title: 'Trường lạ', fields: { color: 'xanh', colour: 'blue' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'fields.colour': ['This post type has no data field with this key.'],
    });
    // Another type's fields are unknown here.
    const product = await post({ type_id: types.product, title: 'SP', fields: { color: 'đỏ' } });
    expect(Object.keys(product.json().errors)).toEqual(['fields.color']);
    const id = (await post({ title: 'Trường đúng' })).json().data.id;
    expect((await patch(id, { fields: { size: 1, sizes: 2 } })).json().errors).toEqual({
      'fields.sizes': ['This post type has no data field with this key.'],
    });
  });
});

describe('posts: approval', () => {
  it('lets only approvers publish; others save drafts and submit for review', async () => {
    const refused = await post({ title: 'Tự đăng', status: 'published' }, editor);
    expect(refused.statusCode).toBe(403);
    const pending = await post({ title: 'Chờ duyệt', status: 'pending' }, editor);
    expect(pending.statusCode).toBe(201);
    const id = pending.json().data.id;
    expect((await patch(id, { status: 'published' }, editor)).statusCode).toBe(403);
    const approved = await t.request('POST', `/api/v1/posts/${id}/approve`, { token: approver });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data.status).toBe('published');
    // An editor's change to a published post goes back to review.
    const edited = await patch(id, { title: 'Chờ duyệt (sửa)' }, editor);
    expect(edited.json().data.status).toBe('pending');
  });

  it('lets an editor save a published post with the status it already has: it goes back to review', async () => {
    const published = (await post({ title: 'Đã đăng', status: 'published' })).json().data;
    // The editor's form always sends the status it shows.
    const saved = await patch(
      published.id,
      { title: 'Đã đăng (sửa)', status: 'published', version: published.version },
      editor,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ title: 'Đã đăng (sửa)', status: 'pending' });
    // Publishing it again is still an approver's decision.
    expect((await patch(published.id, { status: 'published' }, editor)).statusCode).toBe(403);
    const again = (
      await t.request('POST', `/api/v1/posts/${published.id}/approve`, {
        token: approver,
      })
    ).json().data;
    expect(again.status).toBe('published');
    // Sending only the status it has changes nothing.
    const same = await patch(published.id, { status: 'published' }, editor);
    expect(same.statusCode).toBe(200);
    expect(same.json().data.status).toBe('published');
    // Hiding it is the editor's choice and stands.
    const hidden = await patch(published.id, { title: 'Ẩn đi', status: 'private' }, editor);
    expect(hidden.json().data.status).toBe('private');
  });

  it('counts pending posts for the sidebar without counting rows', async () => {
    const before = (await list(`type_id=${types.article}&status=pending&limit=1`)).json().meta
      .pagination.total;
    await post({ title: 'Một bài chờ', status: 'pending' }, editor);
    await post({ title: 'Hai bài chờ', status: 'pending' }, editor);
    const after = (await list(`type_id=${types.article}&status=pending&limit=1`)).json().meta
      .pagination.total;
    expect(after).toBe(before + 2);
  });
});

describe('posts: two people editing one post', () => {
  it('refuses a save made from an older version with a 409 that says what to do, and lets one overwrite', async () => {
    const created = (await post({ title: 'Bản gốc' })).json().data;
    expect((await patch(created.id, { title: 'Sửa lần 1', version: 1 })).json().data.version).toBe(
      2,
    );
    const stale = await patch(created.id, { title: 'Sửa cũ', version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Someone else saved this post after you opened it. Reload it to see their changes, or save again to overwrite them.',
    );
    expect(
      (await t.request('GET', `/api/v1/posts/${created.id}`, { token: approver })).json().data
        .title,
    ).toBe('Sửa lần 1');
    // Overwriting: the save is sent again from the stored version.
    const overwrite = await patch(created.id, { title: 'Sửa cũ', version: 2 });
    expect(overwrite.json().data).toMatchObject({ title: 'Sửa cũ', version: 3 });
  });

  it('lets exactly one of two saves from the same version through when they arrive at once', async () => {
    const created = (await post({ title: 'Cùng lúc' })).json().data;
    const results = await Promise.all([
      patch(created.id, { title: 'Người A', version: 1 }),
      patch(created.id, { title: 'Người B', version: 1 }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('posts: the list', () => {
  let typeId = 0;
  beforeAll(async () => {
    typeId = await addType('article').catch(async () =>
      insert('post_types', {
        style: 'article',
        sort: 1,
        title: 'Danh sách',
        slug: 'danh-sach',
        sitemap: true,
        features: '[]',
        custom_fields: '[]',
        created_at: stamp(),
        updated_at: stamp(),
      }),
    );
  });

  it('returns the list columns only, never the content', async () => {
    await post({
      title: 'Bài dài',
      contents: [{ title: 'x', content: '<p>rất dài</p>' }],
      category_ids: [cats.news],
    });
    const page = await list(`type_id=${types.article}&limit=5`);
    expect(page.statusCode, page.body).toBe(200);
    const row = page.json().data[0];
    expect(Object.keys(row).sort()).toEqual(
      [
        'author',
        'avatar',
        'created_at',
        'id',
        'primary_category',
        'primary_category_id',
        'published_at',
        'slug',
        'status',
        'title',
        'type_id',
        'updated_at',
        'version',
      ].sort(),
    );
    expect(page.json().meta.pagination).toMatchObject({ per_page: 5, current_page: 1 });
    expect(typeId).toBeGreaterThan(0);
  });

  it('finds Đường by duong, every word folded, in title, slug and description', async () => {
    await post({ title: 'Đường Lên Đỉnh Núi', description: 'Hành trình Fansipan' });
    await post({ title: 'Con đường khác', description: 'không có núi' });
    const titles = async (term: string) =>
      (await list(`type_id=${types.article}&search=${encodeURIComponent(term)}`))
        .json()
        .data.map((p: { title: string }) => p.title);
    expect(await titles('duong')).toEqual(
      expect.arrayContaining(['Đường Lên Đỉnh Núi', 'Con đường khác']),
    );
    expect(await titles('duong fansipan')).toEqual(['Đường Lên Đỉnh Núi']);
    expect(await titles('ĐƯỜNG'.normalize('NFD') + ' hanh trinh')).toEqual(['Đường Lên Đỉnh Núi']);
    expect(await titles('duong-len-dinh')).toEqual(['Đường Lên Đỉnh Núi']);
    expect(await titles('100%_')).toEqual([]);
  });

  it('filters by a category with the categories below it, by status, group and trademark', async () => {
    const inHanoi = (
      await post({ title: 'Tin Hà Nội', category_ids: [cats.hanoi], status: 'draft' })
    ).json().data.id;
    const inLocal = (
      await post({
        title: 'Tin trong nước',
        category_ids: [cats.local],
        group_ids: [articleGroup],
        trademark_id: trademark,
        status: 'published',
      })
    ).json().data.id;
    const inSport = (await post({ title: 'Tin thể thao', category_ids: [cats.sport] })).json().data
      .id;
    const idsOf = async (query: string) =>
      (await list(`type_id=${types.article}&limit=100&${query}`))
        .json()
        .data.map((p: { id: number }) => p.id);
    const news = await idsOf(`category_id=${cats.news}`);
    expect(news).toEqual(expect.arrayContaining([inHanoi, inLocal]));
    expect(news).not.toContain(inSport);
    expect(await idsOf(`category_id=${cats.hanoi}`)).toEqual([inHanoi]);
    expect(await idsOf(`category_id=${cats.news}&status=published`)).toContain(inLocal);
    expect(await idsOf(`category_id=${cats.news}&status=published`)).not.toContain(inHanoi);
    expect(await idsOf(`group_id=${articleGroup}`)).toContain(inLocal);
    expect(await idsOf(`group_id=${articleGroup}`)).not.toContain(inHanoi);
    expect(await idsOf(`trademark_id=${trademark}`)).toContain(inLocal);
    expect((await list('status=live')).statusCode).toBe(422);
    expect((await list('orderBy=content')).statusCode).toBe(422);
  });

  it('keeps the totals of type and status lists right through creates, status changes and deletes', async () => {
    const total = async (query: string) =>
      (await list(`${query}&limit=1`)).json().meta.pagination.total;
    const drafts = await total(`type_id=${types.article}&status=draft`);
    const all = await total(`type_id=${types.article}`);
    const a = (await post({ title: 'Đếm A' })).json().data.id;
    const b = (await post({ title: 'Đếm B' })).json().data.id;
    expect(await total(`type_id=${types.article}&status=draft`)).toBe(drafts + 2);
    await patch(a, { status: 'private' });
    expect(await total(`type_id=${types.article}&status=draft`)).toBe(drafts + 1);
    expect((await t.request('DELETE', `/api/v1/posts/${b}`, { token: editor })).statusCode).toBe(
      204,
    );
    expect(await total(`type_id=${types.article}`)).toBe(all + 1);
  });
});

describe('posts: the most used categories', () => {
  it('counts the posts of each category as posts are written, moved and deleted', async () => {
    const typeId = await insert('post_types', {
      style: 'article',
      sort: 2,
      title: 'Đếm danh mục',
      slug: 'dem-danh-muc',
      sitemap: true,
      features: '[]',
      custom_fields: '[]',
      created_at: stamp(),
      updated_at: stamp(),
    });
    // Made as the categories screen makes them: ties are shown in the tree's order.
    const category = async (title: string) =>
      (
        await t.request('POST', '/api/v1/categories', {
          token: t.adminToken,
          body: { type_id: typeId, title },
        })
      ).json().data.id as number;
    const [a, b, c] = [
      await category('Ẩm thực'),
      await category('Du lịch'),
      await category('Con người'),
    ];
    const write = (title: string, category_ids: number[]) =>
      post({ type_id: typeId, title, category_ids }).then((r) => r.json().data.id as number);
    await write('Một', [a!, b!]);
    await write('Hai', [b!]);
    const three = await write('Ba', [b!, c!]);
    const mostUsed = async () =>
      (
        await t.request(
          'GET',
          `/api/v1/categories?type_id=${typeId}&orderBy=post_count&sortedBy=desc&limit=10`,
          { token: t.adminToken },
        )
      )
        .json()
        .data.map((category: { id: number; post_count: number }) => [
          category.id,
          category.post_count,
        ]);
    expect(await mostUsed()).toEqual([
      [b, 3],
      [a, 1],
      [c, 1],
    ]);
    // The same set saved again changes nothing; a moved post moves its count.
    await patch(three, { category_ids: [c!, b!] });
    await patch(three, { category_ids: [c!], title: 'Ba (sửa)' });
    expect(await mostUsed()).toEqual([
      [b, 2],
      [a, 1],
      [c, 1],
    ]);
    await t.request('DELETE', `/api/v1/posts/${three}`, { token: approver });
    expect(await mostUsed()).toEqual([
      [b, 2],
      [a, 1],
      [c, 0],
    ]);
  });
});

describe('posts: bulk actions', () => {
  it('changes the status of several posts, and deletes several', async () => {
    const ids = await Promise.all(
      ['Một', 'Hai', 'Ba'].map(
        async (title) => (await post({ title: `Hàng loạt ${title}` })).json().data.id as number,
      ),
    );
    const status = await t.request('POST', '/api/v1/posts/bulk', {
      token: approver,
      body: { ids, action: 'status', status: 'private' },
    });
    expect(status.statusCode).toBe(200);
    for (const id of ids)
      expect(
        (await t.request('GET', `/api/v1/posts/${id}`, { token: approver })).json().data.status,
      ).toBe('private');
    // Publishing in bulk is still an approver's decision.
    expect(
      (
        await t.request('POST', '/api/v1/posts/bulk', {
          token: editor,
          body: { ids, action: 'status', status: 'published' },
        })
      ).statusCode,
    ).toBe(403);
    const noStatus = await t.request('POST', '/api/v1/posts/bulk', {
      token: editor,
      body: { ids, action: 'status' },
      locale: 'en',
    });
    expect(noStatus.json().errors).toEqual({ status: ['Please choose the new status.'] });
    const removed = await t.request('POST', '/api/v1/posts/bulk', {
      token: editor,
      body: { ids, action: 'delete' },
    });
    expect(removed.statusCode).toBe(200);
    for (const id of ids)
      expect((await t.request('GET', `/api/v1/posts/${id}`, { token: approver })).statusCode).toBe(
        404,
      );
  });
});

describe('posts: bulk writes count what they did', () => {
  const make = async (count: number, status = 'draft') =>
    Promise.all(
      Array.from(
        { length: count },
        async (_, n) =>
          (await post({ title: `Bulk ${status} ${n} ${Math.random()}`, status })).json().data
            .id as number,
      ),
    );
  const statusOf = async (id: number) =>
    (await t.request('GET', `/api/v1/posts/${id}`, { token: approver })).json().data?.status;
  const audited = async (ids: number[], action: string) =>
    (
      await t.db
        .selectFrom('audit_logs')
        .select('entity_id')
        .where('entity', '=', 'post')
        .where('action', '=', action)
        .where(
          'entity_id',
          'in',
          ids.map((id) => String(id)),
        )
        .execute()
    ).length;

  it('two bulk deletes at once on overlapping posts delete each post once and say who did', async () => {
    const ids = await make(6);
    const [first, second] = await Promise.all([
      t.request('POST', '/api/v1/posts/bulk', {
        token: editor,
        body: { ids: ids.slice(0, 4), action: 'delete' },
      }),
      t.request('POST', '/api/v1/posts/bulk', {
        token: approver,
        body: { ids: ids.slice(2), action: 'delete' },
      }),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    const answers = [first.json().data, second.json().data];
    // Each of the six posts was deleted by exactly one of them; the other says it was gone.
    expect(answers[0].done + answers[1].done).toBe(6);
    const skipped = [...answers[0].skipped, ...answers[1].skipped];
    expect(skipped.map((row: { code: string }) => row.code)).toEqual(
      skipped.map(() => 'not_found'),
    );
    expect(skipped.map((row: { id: number }) => row.id).sort()).toEqual(ids.slice(2, 4).sort());
    for (const id of ids) expect(await statusOf(id)).toBeUndefined();
    expect(await audited(ids, 'delete')).toBe(6);
  });

  it('two bulk status changes at once on overlapping posts leave each post with one of them', async () => {
    const ids = await make(6);
    const [first, second] = await Promise.all([
      t.request('POST', '/api/v1/posts/bulk', {
        token: approver,
        body: { ids: ids.slice(0, 4), action: 'status', status: 'private' },
      }),
      t.request('POST', '/api/v1/posts/bulk', {
        token: approver,
        body: { ids: ids.slice(2), action: 'status', status: 'pending' },
      }),
    ]);
    expect(first.json().data).toEqual({ done: 4, skipped: [] });
    expect(second.json().data).toEqual({ done: 4, skipped: [] });
    const statuses = await Promise.all(ids.map(statusOf));
    expect(statuses.slice(0, 2)).toEqual(['private', 'private']);
    expect(statuses.slice(4)).toEqual(['pending', 'pending']);
    // The overlap holds the status of whichever committed last, the same for both posts.
    expect(new Set(statuses.slice(2, 4)).size).toBe(1);
    // Every post changed, every change audited: 4 + 4 updates.
    expect(await audited(ids, 'update')).toBe(8);
  });

  it('an editor who may not publish publishes nothing, and the answer names the posts refused', async () => {
    const drafts = await make(2);
    const [published] = await make(1, 'published');
    const gone = (await make(1))[0]!;
    await t.request('DELETE', `/api/v1/posts/${gone}`, { token: approver });
    const answer = await t.request('POST', '/api/v1/posts/bulk', {
      token: editor,
      body: { ids: [...drafts, published, gone, drafts[0]], action: 'status', status: 'published' },
    });
    expect(answer.statusCode).toBe(200);
    // The post already published stays so (that publishes nothing); the drafts are refused.
    expect(answer.json().data).toEqual({
      done: 1,
      skipped: [
        { id: drafts[0], code: 'forbidden' },
        { id: drafts[1], code: 'forbidden' },
        { id: gone, code: 'not_found' },
      ].sort((a, b) => a.id! - b.id!),
    });
    expect(await Promise.all(drafts.map(statusOf))).toEqual(['draft', 'draft']);
    expect(await audited(drafts, 'update')).toBe(0);
  });
});

describe('posts: a changed slug', () => {
  const redirectsFrom = (source: string) =>
    t.db
      .selectFrom('redirects')
      .select(['source', 'destination', 'code'])
      .where('source', '=', source)
      .execute();

  it('leaves a 301 from the old address of a published post to the new one', async () => {
    const created = await post({ title: 'Chợ đêm Đà Lạt', status: 'published' });
    const { id, version } = created.json().data;
    const moved = await patch(id, { slug: 'cho-dem-da-lat-2026', version });
    expect(moved.statusCode).toBe(200);
    expect(await redirectsFrom('/loai-article/cho-dem-da-lat')).toEqual([
      {
        source: '/loai-article/cho-dem-da-lat',
        destination: '/loai-article/cho-dem-da-lat-2026',
        code: 301,
      },
    ]);
  });

  it('leaves none for a draft, which the website never showed', async () => {
    const created = await post({ title: 'Bản nháp phố cổ', status: 'draft' });
    const { id, version } = created.json().data;
    expect((await patch(id, { slug: 'pho-co-ha-noi', version })).statusCode).toBe(200);
    expect(await redirectsFrom('/loai-article/ban-nhap-pho-co')).toEqual([]);
  });
});
