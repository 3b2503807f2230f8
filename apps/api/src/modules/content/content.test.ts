import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIELD_STYLES } from '@backoffice/shared/data-field.schema';
import { sql } from 'kysely';
import { up as addPostTypeSearch } from '../../db/migrations/2026_11_24_0100_post_type_search';
import type { MigrationDb } from '../../db/migration-kit';
import { countRows, createTestApp, ENGINE, type TestApp } from '../../test/test-app';
import { followRedirects } from '../redirects';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = t.adminToken;
});
afterAll(() => t.close());

type Body = Record<string, unknown>;
const api = async (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: Body,
  token = admin,
) => {
  const response = await t.request(method, `/api/v1${url}`, { token, body, locale: 'en' });
  return { status: response.statusCode, body: response.statusCode === 204 ? {} : response.json() };
};

let typeCounter = 0;
const makeType = async (extra: Body = {}) => {
  typeCounter += 1;
  const created = await api('POST', '/types', {
    style: 'article',
    title: `Loại ${typeCounter}`,
    ...extra,
  });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; slug: string };
};
const makeCategory = async (typeId: number, title: string, extra: Body = {}) => {
  const created = await api('POST', '/categories', { type_id: typeId, title, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: number; slug: string; level: number; display_title: string };
};
const listCategories = async (typeId: number) =>
  (await api('GET', `/categories?type_id=${typeId}&limit=100`)).body.data as Array<{
    id: number;
    parent_id: number | null;
    title: string;
    level: number;
    display_title: string;
    order: number;
  }>;

describe('post types', () => {
  it('creates a type with a slug from its Vietnamese title, every feature on by default, and lists all with limit=0', async () => {
    const created = await api('POST', '/types', { style: 'product', title: 'Đồ Uống Đặc Biệt' });
    expect(created.status).toBe(201);
    const type = created.body.data;
    expect(type).toMatchObject({
      style: 'product',
      title: 'Đồ Uống Đặc Biệt',
      slug: 'do-uong-dac-biet',
      sitemap: true,
      custom_fields: [],
    });
    expect(type.features).toHaveLength(10);
    expect(type.features.every((feature: { enabled: boolean }) => feature.enabled)).toBe(true);

    const again = await api('POST', '/types', { style: 'article', title: 'Đồ uống đặc biệt' });
    expect(again.body.data.slug).toBe('do-uong-dac-biet-2');

    const all = await api('GET', '/types?limit=0');
    expect(all.status).toBe(200);
    expect(all.body.data.map((item: { id: number }) => item.id)).toEqual(
      expect.arrayContaining([type.id, again.body.data.id]),
    );
    // New types go last.
    expect(again.body.data.sort).toBeGreaterThan(type.sort);
  });

  it('keeps renamed features and custom fields, and refuses a type with no feature enabled', async () => {
    const created = await api('POST', '/types', {
      style: 'course',
      title: 'Khóa học',
      features: [
        { key: 'category', name: 'Chuyên mục', enabled: true },
        { key: 'trademark', name: 'Giảng viên', enabled: false },
      ],
      custom_fields: [{ key: 'hotline', title: 'Đường dây nóng' }],
    });
    expect(created.status).toBe(201);
    const features = created.body.data.features as Array<{
      key: string;
      name: string | null;
      enabled: boolean;
    }>;
    expect(features.find((f) => f.key === 'category')).toEqual({
      key: 'category',
      name: 'Chuyên mục',
      enabled: true,
    });
    expect(features.find((f) => f.key === 'trademark')).toEqual({
      key: 'trademark',
      name: 'Giảng viên',
      enabled: false,
    });
    // Features not sent are off.
    expect(features.find((f) => f.key === 'seo')?.enabled).toBe(false);
    expect(created.body.data.custom_fields).toEqual([{ key: 'hotline', title: 'Đường dây nóng' }]);

    const none = await api('PATCH', `/types/${created.body.data.id}`, {
      features: [{ key: 'category', name: null, enabled: false }],
    });
    expect(none.status).toBe(422);
    expect(none.body.errors.features).toEqual(['Please enable at least one feature!']);

    const dup = await api('POST', '/types', {
      style: 'article',
      title: 'X',
      custom_fields: [
        { key: 'a', title: 'A' },
        { key: 'a', title: 'B' },
      ],
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors['custom_fields.1.key']).toEqual([
      'This key is already used by another custom field.',
    ]);
  });

  it('validates style, title, slug and unknown fields by name', async () => {
    const before = await countRows(t, 'post_types');
    const bad = await api('POST', '/types', { title: '', slug: 'Not A Slug', colour: 'red' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.colour).toEqual(['This field is not accepted.']);
    const missing = await api('POST', '/types', { title: '', slug: 'Not A Slug' });
    expect(missing.body.errors).toMatchObject({
      style: ['Please choose the style!'],
      title: ['Please enter the title!'],
      slug: ['Only lowercase letters, digits and hyphens are allowed.'],
    });
    const taken = await makeType();
    const duplicate = await api('POST', '/types', {
      style: 'article',
      title: 'Y',
      slug: taken.slug,
    });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.errors.slug).toEqual([
      'This slug is already used. Please choose another one.',
    ]);
    expect(await countRows(t, 'post_types')).toBe(before + 1);
  });

  it('finds types by folded words, those made before the search index too', async () => {
    // The table as it was before the search came: no search_text, no index.
    const db = t.db as unknown as MigrationDb;
    if (ENGINE === 'sqlite') {
      await sql`drop table post_types_fts`.execute(db);
      for (const trigger of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger post_types_fts_${trigger}`).execute(db);
    } else await sql`drop index post_types_search_trgm`.execute(db);
    await sql`alter table post_types drop column search_text`.execute(db);
    const stamp = new Date().toISOString();
    await sql`insert into post_types (style, sort, title, slug, sitemap, features, custom_fields, created_at, updated_at)
      values ('article', 90, 'Tin tức Đà Nẵng', 'tin-tuc-da-nang', ${ENGINE === 'sqlite' ? 1 : true}, '[]', '[]', ${stamp}, ${stamp})`.execute(
      db,
    );
    await addPostTypeSearch(db);

    await makeType({ title: 'Đường phố Hà Nội' });
    const found = async (term: string) =>
      (await api('GET', `/types?limit=0&search=${encodeURIComponent(term)}`)).body.data.map(
        (type: { title: string }) => type.title,
      );
    expect(await found('tin tuc')).toEqual(['Tin tức Đà Nẵng']);
    expect(await found('TIN TỨC đà')).toEqual(['Tin tức Đà Nẵng']);
    expect(await found('da nang')).toEqual(['Tin tức Đà Nẵng']);
    expect(await found('duong pho')).toEqual(['Đường phố Hà Nội']);
    expect(await found('ha noi')).toEqual(['Đường phố Hà Nội']);
    expect(await found('tin-tuc-da')).toEqual(['Tin tức Đà Nẵng']);
    // A renamed type is found by its new title.
    const type = (await api('GET', '/types?limit=0&search=duong')).body.data[0];
    await api('PATCH', `/types/${type.id}`, { title: 'Phố cổ' });
    expect(await found('pho co')).toEqual(['Phố cổ']);
  });

  it('lets any content reader list all types at once, but no other small-resource list', async () => {
    const reader = (await t.createUser(['posts.list'])).token;
    expect((await api('GET', '/types?limit=0', undefined, reader)).status).toBe(200);
    // limit=0 is for small resources only.
    expect((await api('GET', '/categories?limit=0')).status).toBe(422);
  });

  it('moves every address of a type with its slug: one section redirect, old redirects follow', async () => {
    const type = await makeType({ slug: 'tin-tuc-cu' });
    const category = await makeCategory(type.id, 'Thời sự');
    const group = (
      await api('POST', '/groups', { style: 'article', type_id: type.id, title: 'Nổi bật' })
    ).body.data;
    const trademark = (
      await api('POST', '/groups', { style: 'trademark', type_id: type.id, title: 'Nhân Dân' })
    ).body.data;
    const post = (
      await api('POST', '/posts', { type_id: type.id, title: 'Bài cũ', status: 'published' })
    ).body.data;
    for (let i = 0; i < 30; i++)
      await api('POST', '/posts', { type_id: type.id, title: `Tin ${i}` });
    // A published post renamed before, and a redirect made by hand into the type.
    await api('PATCH', `/posts/${post.id}`, { slug: 'bai-moi' });
    await api('POST', '/redirects', { source: '/khuyen-mai', destination: '/tin-tuc-cu/bai-moi' });
    const before = await countRows(t, 'redirects');

    const renamed = await api('PATCH', `/types/${type.id}`, { slug: 'tin-tuc-moi' });
    expect(renamed.body.data.slug).toBe('tin-tuc-moi');
    // Two redirects, however many records the type holds.
    expect(await countRows(t, 'redirects')).toBe(before + 2);
    const listed = await api('GET', '/redirects?search=tin-tuc&limit=100');
    expect(
      listed.body.data
        .map((r: { source: string; destination: string }) => `${r.source} → ${r.destination}`)
        .sort(),
    ).toEqual(
      [
        '/khuyen-mai → /tin-tuc-moi/bai-moi',
        '/tin-tuc-cu → /tin-tuc-moi',
        '/tin-tuc-cu/* → /tin-tuc-moi/*',
        '/tin-tuc-moi/bai-cu → /tin-tuc-moi/bai-moi',
      ].sort(),
    );
    const follow = (address: string) => followRedirects(t.db, address);
    for (const [from, to] of [
      [`/tin-tuc-cu/category/${category.slug}`, `/tin-tuc-moi/category/${category.slug}`],
      [`/tin-tuc-cu/group/${group.slug}`, `/tin-tuc-moi/group/${group.slug}`],
      [`/tin-tuc-cu/trademark/${trademark.slug}`, `/tin-tuc-moi/trademark/${trademark.slug}`],
      ['/tin-tuc-cu/tin-29', '/tin-tuc-moi/tin-29'],
      ['/tin-tuc-cu/bai-moi', '/tin-tuc-moi/bai-moi'],
      ['/tin-tuc-cu', '/tin-tuc-moi'],
    ] as const)
      expect(await follow(from), from).toEqual({ address: to, hops: 1 });
    // The post's first address: the section, then the post's own redirect.
    expect(await follow('/tin-tuc-cu/bai-cu')).toEqual({
      address: '/tin-tuc-moi/bai-moi',
      hops: 2,
    });
    expect(await follow('/khuyen-mai')).toEqual({ address: '/tin-tuc-moi/bai-moi', hops: 1 });

    // Moved again: the oldest addresses still arrive, and no chain grows.
    await api('PATCH', `/types/${type.id}`, { slug: 'thoi-bao' });
    expect(await follow(`/tin-tuc-cu/category/${category.slug}`)).toEqual({
      address: `/thoi-bao/category/${category.slug}`,
      hops: 1,
    });
    expect(await follow('/tin-tuc-cu/bai-cu')).toEqual({ address: '/thoi-bao/bai-moi', hops: 2 });
    expect(await follow('/tin-tuc-moi/bai-cu')).toEqual({ address: '/thoi-bao/bai-moi', hops: 2 });
    expect(await follow('/khuyen-mai')).toEqual({ address: '/thoi-bao/bai-moi', hops: 1 });

    // Back to the first slug: the type's own addresses answer again, the others lead there.
    await api('PATCH', `/types/${type.id}`, { slug: 'tin-tuc-cu' });
    expect(await follow(`/tin-tuc-cu/category/${category.slug}`)).toEqual({
      address: `/tin-tuc-cu/category/${category.slug}`,
      hops: 0,
    });
    expect(await follow('/tin-tuc-cu/bai-cu')).toEqual({ address: '/tin-tuc-cu/bai-moi', hops: 1 });
    expect(await follow('/thoi-bao/tin-1')).toEqual({ address: '/tin-tuc-cu/tin-1', hops: 1 });
    expect(await follow('/tin-tuc-moi/tin-1')).toEqual({ address: '/tin-tuc-cu/tin-1', hops: 1 });

    // A new type taking a section that redirects elsewhere gets its addresses back.
    const other = await makeType({ slug: 'thoi-bao' });
    expect(await follow('/thoi-bao/tin-1')).toEqual({ address: '/thoi-bao/tin-1', hops: 0 });
    expect(await follow('/thoi-bao')).toEqual({ address: '/thoi-bao', hops: 0 });
    expect((await api('DELETE', `/types/${other.id}`)).status).toBe(204);
  });

  it('refuses to delete a type that has posts, categories or groups, in every language', async () => {
    const IN_USE = {
      en: 'This post type still has posts, categories or groups. Delete them first.',
      vi: 'Loại bài viết này vẫn còn bài viết, danh mục hoặc nhóm. Hãy xóa chúng trước.',
      ja: 'この投稿タイプにはまだ投稿、カテゴリーまたはグループがあります。先に削除してください。',
    };
    const refused = async (typeId: number) => {
      for (const [locale, text] of Object.entries(IN_USE)) {
        const response = await t.request('DELETE', `/api/v1/types/${typeId}`, {
          token: admin,
          locale,
        });
        expect(response.statusCode).toBe(422);
        expect(response.json().errors).toEqual({ id: [text] });
      }
    };
    const withPost = await makeType();
    await api('POST', '/posts', { type_id: withPost.id, title: 'Một bài' });
    await refused(withPost.id);
    const withCategory = await makeType();
    await makeCategory(withCategory.id, 'Thời sự');
    await refused(withCategory.id);
    const withGroup = await makeType();
    await api('POST', '/groups', { style: 'trademark', type_id: withGroup.id, title: 'TM' });
    await refused(withGroup.id);
    expect((await api('GET', `/types/${withPost.id}`)).status).toBe(200);
    const empty = await makeType();
    expect((await api('DELETE', `/types/${empty.id}`)).status).toBe(204);
  });
});

describe('categories', () => {
  it('builds a tree with levels and dashed display titles, listed in reading order', async () => {
    const type = await makeType();
    const drinks = await makeCategory(type.id, 'Đồ uống');
    const coffee = await makeCategory(type.id, 'Cà phê', { parent_id: drinks.id });
    const iced = await makeCategory(type.id, 'Cà Phê Sữa Đá', { parent_id: coffee.id });
    const tea = await makeCategory(type.id, 'Trà', { parent_id: drinks.id });
    const food = await makeCategory(type.id, 'Bánh');
    expect(iced).toMatchObject({
      slug: 'ca-phe-sua-da',
      level: 3,
      display_title: '--Cà Phê Sữa Đá',
    });
    expect((await listCategories(type.id)).map((c) => c.display_title)).toEqual([
      'Đồ uống',
      '-Cà phê',
      '--Cà Phê Sữa Đá',
      '-Trà',
      'Bánh',
    ]);

    // Drag and drop: Bánh first, Trà before Cà phê.
    const moved = await api('POST', '/categories/reorder', {
      items: [
        { id: food.id, parent_id: null, order: 0 },
        { id: drinks.id, parent_id: null, order: 1 },
        { id: tea.id, parent_id: drinks.id, order: 0 },
        { id: coffee.id, parent_id: drinks.id, order: 1 },
      ],
    });
    expect(moved.status).toBe(204);
    expect((await listCategories(type.id)).map((c) => c.display_title)).toEqual([
      'Bánh',
      'Đồ uống',
      '-Trà',
      '-Cà phê',
      '--Cà Phê Sữa Đá',
    ]);

    // Re-parent by drag: Cà phê (with its child) under Bánh.
    await api('POST', '/categories/reorder', {
      items: [{ id: coffee.id, parent_id: food.id, order: 0 }],
    });
    const after = await listCategories(type.id);
    expect(after.find((c) => c.id === iced.id)).toMatchObject({
      level: 3,
      display_title: '--Cà Phê Sữa Đá',
    });
    expect(after.find((c) => c.id === coffee.id)?.parent_id).toBe(food.id);
  });

  it('refuses to make a category its own descendant, by PATCH or by reorder (422 parent_id)', async () => {
    const type = await makeType();
    const a = await makeCategory(type.id, 'A');
    const b = await makeCategory(type.id, 'B', { parent_id: a.id });
    const c = await makeCategory(type.id, 'C', { parent_id: b.id });
    const patch = await api('PATCH', `/categories/${a.id}`, { parent_id: c.id });
    expect(patch.status).toBe(422);
    expect(patch.body.errors.parent_id).toEqual([
      'An item cannot be placed under itself or under one of its own sub-items.',
    ]);
    const self = await api('PATCH', `/categories/${a.id}`, { parent_id: a.id });
    expect(self.body.errors.parent_id).toBeDefined();
    const reorder = await api('POST', '/categories/reorder', {
      items: [{ id: a.id, parent_id: c.id, order: 0 }],
    });
    expect(reorder.status).toBe(422);
    expect(reorder.body.errors.parent_id).toBeDefined();
    expect((await listCategories(type.id)).map((x) => x.display_title)).toEqual(['A', '-B', '--C']);
    // A parent in another type is refused too.
    const other = await makeType();
    const stranger = await makeCategory(other.id, 'Lạ');
    const cross = await api('PATCH', `/categories/${a.id}`, { parent_id: stranger.id });
    expect(cross.status).toBe(422);
    expect(cross.body.errors.parent_id).toBeDefined();
  });

  it('never leaves orphans: deleting a parent needs lift or cascade', async () => {
    const type = await makeType();
    const a = await makeCategory(type.id, 'A');
    const b = await makeCategory(type.id, 'B', { parent_id: a.id });
    await makeCategory(type.id, 'C', { parent_id: b.id });
    const refused = await api('DELETE', `/categories/${a.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.children).toBeDefined();
    expect((await api('DELETE', `/categories/${a.id}?children=lift`)).status).toBe(204);
    expect((await listCategories(type.id)).map((x) => x.display_title)).toEqual(['B', '-C']);
    expect((await api('DELETE', `/categories/${b.id}?children=cascade`)).status).toBe(204);
    expect(await listCategories(type.id)).toEqual([]);
  });

  it('generates unique slugs per type, accepts the same slug in another type, and redirects a changed slug', async () => {
    const type = await makeType({ slug: 'san-pham-x' });
    const first = await makeCategory(type.id, 'Đặc sản');
    // The same title typed decomposed (NFD) is the same text.
    const second = await makeCategory(type.id, 'Đặc sản'.normalize('NFD'));
    expect([first.slug, second.slug]).toEqual(['dac-san', 'dac-san-2']);
    const explicit = await api('POST', '/categories', {
      type_id: type.id,
      title: 'Khác',
      slug: 'dac-san',
    });
    expect(explicit.status).toBe(422);
    expect(explicit.body.errors.slug).toBeDefined();
    const other = await makeType();
    expect((await makeCategory(other.id, 'Đặc sản')).slug).toBe('dac-san');

    await api('PATCH', `/categories/${first.id}`, { slug: 'dac-san-vung-mien' });
    const redirects = await api('GET', '/redirects?search=dac-san');
    expect(redirects.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: '/san-pham-x/category/dac-san',
          destination: '/san-pham-x/category/dac-san-vung-mien',
        }),
      ]),
    );
  });

  it('takes only data groups of its own type, and answers with them', async () => {
    const type = await makeType();
    const other = await makeType();
    const data = (
      await api('POST', '/groups', { style: 'field', type_id: type.id, title: 'Thông số' })
    ).body.data;
    const article = (
      await api('POST', '/groups', { style: 'article', type_id: type.id, title: 'Nổi bật' })
    ).body.data;
    const foreign = (
      await api('POST', '/groups', { style: 'field', type_id: other.id, title: 'Khác' })
    ).body.data;
    const created = await makeCategory(type.id, 'Máy pha', {
      group_ids: [data.id],
      layout: 'grid',
      number: 12,
      show_by_category: true,
    });
    expect(created).toMatchObject({
      group_ids: [data.id],
      layout: 'grid',
      number: 12,
      show_by_category: true,
    });
    expect((await listCategories(type.id))[0]).toMatchObject({ group_ids: [data.id] });
    for (const id of [article.id, foreign.id]) {
      const refused = await api('POST', '/categories', {
        type_id: type.id,
        title: 'X',
        group_ids: [id],
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.group_ids).toEqual([
        'Only data groups of the same post type can be chosen.',
      ]);
    }
    const noTitle = await api('POST', '/categories', { type_id: type.id, title: ' ' });
    expect(noTitle.body.errors.title).toEqual(['Please enter the category title!']);
    const noType = await api('POST', '/categories', { title: 'Y' });
    expect(noType.body.errors.type_id).toEqual(['Please choose the post type!']);
  });
});

describe('groups and data fields', () => {
  it('keeps the three styles apart, filters by style and answers create and update with type and fields', async () => {
    const type = await makeType({ style: 'product' });
    const trademark = await api('POST', '/groups?include=type,fields', {
      style: 'trademark',
      type_id: type.id,
      title: 'Trung Nguyên',
    });
    expect(trademark.status).toBe(201);
    expect(trademark.body.data).toMatchObject({
      style: 'trademark',
      slug: 'trung-nguyen',
      type: { id: type.id, style: 'product', slug: type.slug },
      fields: [],
    });
    // Same slug in another style of the same type is fine.
    const group = await api('POST', '/groups', {
      style: 'article',
      type_id: type.id,
      title: 'Trung Nguyên',
    });
    expect(group.body.data.slug).toBe('trung-nguyen');
    const data = await api('POST', '/groups', {
      style: 'field',
      type_id: type.id,
      title: 'Thông số kỹ thuật',
    });

    const fieldGroups = await api('GET', `/groups?style=field&type_id=${type.id}&include=fields`);
    expect(fieldGroups.body.data.map((g: { id: number }) => g.id)).toEqual([data.body.data.id]);
    const trademarks = await api('GET', `/groups?style=trademark&type_id=${type.id}`);
    expect(trademarks.body.meta.pagination.total).toBe(1);

    const updated = await api('PATCH', `/groups/${trademark.body.data.id}?include=type`, {
      slug: 'trung-nguyen-legend',
    });
    expect(updated.body.data).toMatchObject({ slug: 'trung-nguyen-legend', type: { id: type.id } });
    const redirects = await api('GET', '/redirects?search=trung-nguyen');
    expect(redirects.body.data).toEqual([
      expect.objectContaining({
        source: `/${type.slug}/trademark/trung-nguyen`,
        destination: `/${type.slug}/trademark/trung-nguyen-legend`,
      }),
    ]);
    // A group keeps its style; an unknown include is refused before anything is written.
    expect(
      (await api('PATCH', `/groups/${group.body.data.id}`, { style: 'field' })).body.errors.style,
    ).toBeDefined();
    const unknown = await api('POST', '/groups?include=colour', {
      style: 'article',
      type_id: type.id,
      title: 'Q',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.include).toBeDefined();
    expect(
      (await api('GET', `/groups?style=article&type_id=${type.id}`)).body.meta.pagination.total,
    ).toBe(1);
    const noType = await api('POST', '/groups', { style: 'field', title: 'T' });
    expect(noType.body.errors.type_id).toEqual(['Please choose the post type!']);
  });

  it("keeps a data group's fields in sort order with their items, API settings and switches", async () => {
    const type = await makeType();
    const group = (
      await api('POST', '/groups', { style: 'field', type_id: type.id, title: 'Thông số' })
    ).body.data;
    const size = await api('POST', '/fields', {
      group_id: group.id,
      key: 'size',
      title: 'Kích cỡ',
      style: 'selectbox',
      data: [
        { value: 's', title: 'Nhỏ' },
        { value: 'l', title: 'Lớn' },
      ],
      has_option: true,
    });
    expect(size.status).toBe(201);
    const origin = await api('POST', '/fields', {
      group_id: group.id,
      key: 'origin',
      title: 'Xuất xứ',
      style: 'api',
      api: { path: '/locations/provinces', list_key: 'data', value_key: 'code', title_key: 'name' },
      sort: 0,
    });
    expect(origin.status).toBe(201);
    expect(origin.body.data.api).toEqual({
      path: '/locations/provinces',
      list_key: 'data',
      value_key: 'code',
      title_key: 'name',
    });
    await api('PATCH', `/fields/${size.body.data.id}`, { sort: 5 });
    const listed = await api('GET', `/fields?group_id=${group.id}`);
    expect(listed.body.data.map((f: { key: string }) => f.key)).toEqual(['origin', 'size']);
    expect(listed.body.data[1]).toMatchObject({
      has_option: true,
      has_children: false,
      data: [
        { value: 's', title: 'Nhỏ' },
        { value: 'l', title: 'Lớn' },
      ],
    });
    const withFields = await api('GET', `/groups/${group.id}?include=fields`);
    expect(withFields.body.data.fields.map((f: { key: string }) => f.key)).toEqual([
      'origin',
      'size',
    ]);
  });

  it('applies the style rules: items for choices, a path for an API field, unique keys, data groups only', async () => {
    const type = await makeType();
    const group = (await api('POST', '/groups', { style: 'field', type_id: type.id, title: 'G' }))
      .body.data;
    const before = await countRows(t, 'data_fields');
    for (const style of ['selectbox', 'radiobox', 'checkbox']) {
      const refused = await api('POST', '/fields', {
        group_id: group.id,
        key: 'k',
        title: 'K',
        style,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.errors.data).toEqual(['Please add at least 1 data item!']);
    }
    const api1 = await api('POST', '/fields', {
      group_id: group.id,
      key: 'k',
      title: 'K',
      style: 'api',
    });
    expect(api1.body.errors['api.path']).toEqual(['Please enter the API path!']);
    const badKey = await api('POST', '/fields', {
      group_id: group.id,
      key: 'Bad Key',
      title: 'K',
      style: 'text',
    });
    expect(badKey.body.errors.key).toBeDefined();
    const badPath = await api('POST', '/fields', {
      group_id: group.id,
      key: 'k',
      title: 'K',
      style: 'api',
      api: { path: 'javascript:alert(1)' },
    });
    expect(badPath.body.errors['api.path']).toEqual([
      'The API path must be a path of this API or an http(s) address.',
    ]);
    expect(await countRows(t, 'data_fields')).toBe(before);

    const text = await api('POST', '/fields', {
      group_id: group.id,
      key: 'note',
      title: 'Ghi chú',
      style: 'text',
    });
    expect(text.status).toBe(201);
    // Turning a text field into a choice needs items, checked against the stored field.
    const toChoice = await api('PATCH', `/fields/${text.body.data.id}`, { style: 'radiobox' });
    expect(toChoice.body.errors.data).toEqual(['Please add at least 1 data item!']);
    const dup = await api('POST', '/fields', {
      group_id: group.id,
      key: 'note',
      title: 'Lại',
      style: 'text',
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors.key).toEqual(['This key is already used in this data group.']);
    const trademark = (
      await api('POST', '/groups', { style: 'trademark', type_id: type.id, title: 'TM' })
    ).body.data;
    const wrongGroup = await api('POST', '/fields', {
      group_id: trademark.id,
      key: 'x',
      title: 'X',
      style: 'text',
    });
    expect(wrongGroup.body.errors.group_id).toEqual(['Data fields belong to data groups only.']);
    // Deleting the group takes its fields along.
    expect((await api('DELETE', `/groups/${group.id}`)).status).toBe(204);
    expect((await api('GET', `/fields/${text.body.data.id}`)).status).toBe(404);
  });

  it('takes each of the fifteen styles with its own data rules', async () => {
    const type = await makeType();
    const group = (await api('POST', '/groups', { style: 'field', type_id: type.id, title: 'G15' }))
      .body.data;
    const ITEMS = [
      { value: 'a', title: 'A' },
      { value: 'b', title: 'B' },
    ];
    const API = {
      path: '/locations/provinces',
      list_key: 'data',
      value_key: 'code',
      title_key: 'name',
    };
    const NEEDS_ITEMS = ['selectbox', 'radiobox', 'checkbox'];
    expect(FIELD_STYLES).toHaveLength(15);
    for (const style of FIELD_STYLES) {
      const key = `f_${style}`;
      const bare = await api('POST', '/fields', { group_id: group.id, key, title: style, style });
      if (NEEDS_ITEMS.includes(style)) {
        expect(bare.status, style).toBe(422);
        expect(bare.body.errors, style).toEqual({ data: ['Please add at least 1 data item!'] });
        const empty = await api('POST', '/fields', {
          group_id: group.id,
          key,
          title: style,
          style,
          data: [],
        });
        expect(empty.body.errors, style).toEqual({ data: ['Please add at least 1 data item!'] });
      } else if (style === 'api') {
        expect(bare.status).toBe(422);
        expect(bare.body.errors).toEqual({ 'api.path': ['Please enter the API path!'] });
      } else {
        // Nothing to choose from: no items and no source needed.
        expect(bare.status, `${style}: ${JSON.stringify(bare.body)}`).toBe(201);
        expect(bare.body.data).toMatchObject({ style, data: [], api: null });
        continue;
      }
      const made = await api('POST', '/fields', {
        group_id: group.id,
        key,
        title: style,
        style,
        ...(style === 'api' ? { api: API } : { data: ITEMS }),
      });
      expect(made.status, style).toBe(201);
      expect(made.body.data).toMatchObject(
        style === 'api' ? { style, api: API, data: [] } : { style, data: ITEMS, api: null },
      );
      // The rule holds for the field as stored: its items or its source cannot be taken away.
      const stripped = await api(
        'PATCH',
        `/fields/${made.body.data.id}`,
        style === 'api' ? { api: null } : { data: [] },
      );
      expect(stripped.status, style).toBe(422);
    }
    const listed = await api('GET', `/fields?group_id=${group.id}&limit=100`);
    expect(listed.body.data.map((field: { style: string }) => field.style)).toEqual([
      ...FIELD_STYLES,
    ]);
    for (const style of FIELD_STYLES) {
      const one = await api('GET', `/fields?group_id=${group.id}&style=${style}`);
      expect(one.body.data.map((field: { key: string }) => field.key)).toEqual([`f_${style}`]);
    }
    const unknown = await api('POST', '/fields', {
      group_id: group.id,
      key: 'x',
      title: 'X',
      style: 'color',
    });
    expect(unknown.body.errors.style).toEqual([
      `This value must be one of: ${FIELD_STYLES.join(', ')}.`,
    ]);
    const none = await api('POST', '/fields', { group_id: group.id, key: 'x', title: 'X' });
    expect(none.body.errors.style).toEqual(['Please choose the style!']);
    // A text field turned into a select brings its items along in the same PATCH.
    const text = listed.body.data.find((field: { style: string }) => field.style === 'text');
    const turned = await api('PATCH', `/fields/${text.id}`, { style: 'selectbox', data: ITEMS });
    expect(turned.status).toBe(200);
    expect(turned.body.data).toMatchObject({ style: 'selectbox', data: ITEMS });
  });

  it('keeps items distinct and their parents a tree, for several values and tree choices', async () => {
    const type = await makeType();
    const group = (await api('POST', '/groups', { style: 'field', type_id: type.id, title: 'Cây' }))
      .body.data;
    const field = (data: unknown, extra: Body = {}) =>
      api('POST', '/fields', {
        group_id: group.id,
        key: `tree_${++typeCounter}`,
        title: 'Khu vực',
        style: 'selectbox',
        data,
        ...extra,
      });
    const tree = await field(
      [
        { value: 'mien-bac', title: 'Miền Bắc' },
        { value: 'ha-noi', title: 'Hà Nội', parent: 'mien-bac' },
        { value: 'ba-dinh', title: 'Ba Đình', parent: 'ha-noi' },
        { value: 'mien-nam', title: 'Miền Nam', parent: '' },
      ],
      { has_option: true, has_children: true },
    );
    expect(tree.status, JSON.stringify(tree.body)).toBe(201);
    expect(tree.body.data).toMatchObject({ has_option: true, has_children: true });
    // An item at the top is answered as {value, title}.
    expect(tree.body.data.data).toEqual([
      { value: 'mien-bac', title: 'Miền Bắc' },
      { value: 'ha-noi', title: 'Hà Nội', parent: 'mien-bac' },
      { value: 'ba-dinh', title: 'Ba Đình', parent: 'ha-noi' },
      { value: 'mien-nam', title: 'Miền Nam' },
    ]);
    const read = await api('GET', `/fields/${tree.body.data.id}`);
    expect(read.body.data.data[2]).toEqual({
      value: 'ba-dinh',
      title: 'Ba Đình',
      parent: 'ha-noi',
    });

    const duplicate = await field([
      { value: 'a', title: 'A' },
      { value: ' a ', title: 'A again' },
    ]);
    expect(duplicate.body.errors).toEqual({
      'data.1.value': ['Each item needs a value of its own.'],
    });
    const missing = await field([
      { value: 'a', title: 'A', parent: 'z' },
      { value: 'b', title: 'B', parent: 'b' },
    ]);
    expect(missing.body.errors).toEqual({
      'data.0.parent': ['Choose the value of another item of this field as the parent.'],
      'data.1.parent': ['Choose the value of another item of this field as the parent.'],
    });
    const circle = await field([
      { value: 'a', title: 'A', parent: 'c' },
      { value: 'b', title: 'B', parent: 'a' },
      { value: 'c', title: 'C', parent: 'b' },
    ]);
    expect(circle.status).toBe(422);
    expect(circle.body.errors['data.0.parent']).toEqual([
      'An item cannot sit under itself, not even through other items.',
    ]);
    // The same rules on a PATCH of the items.
    const patched = await api('PATCH', `/fields/${tree.body.data.id}`, {
      data: [{ value: 'x', title: 'X', parent: 'y' }],
    });
    expect(patched.body.errors).toEqual({
      'data.0.parent': ['Choose the value of another item of this field as the parent.'],
    });
    const vi = await t.request('POST', '/api/v1/fields', {
      token: admin,
      locale: 'vi',
      body: {
        group_id: group.id,
        key: 'vi_dup',
        title: 'X',
        style: 'radiobox',
        data: [
          { value: 'a', title: 'A' },
          { value: 'a', title: 'B' },
        ],
      },
    });
    expect(vi.json().errors['data.1.value']).toEqual(['Mỗi mục cần một giá trị riêng.']);
  });

  it('reads an API field only from this API or an http(s) address, never stepping out of it', async () => {
    const type = await makeType();
    const group = (await api('POST', '/groups', { style: 'field', type_id: type.id, title: 'API' }))
      .body.data;
    const withPath = (path: string) =>
      api('POST', '/fields', {
        group_id: group.id,
        key: `src_${++typeCounter}`,
        title: 'Nguồn',
        style: 'api',
        api: { path },
      });
    const INVALID = ['The API path must be a path of this API or an http(s) address.'];
    for (const path of [
      '../users',
      '/../users',
      '/locations/../users',
      '/locations/..',
      '/locations/./provinces',
      '/locations/%2e%2e/users',
      '/locations/%2E./users',
      'locations/.%2e?x=1',
      '//evil.example/x',
      '/locations\\..\\users',
      'javascript:alert(1)',
      'ftp://files.example/x',
    ]) {
      const refused = await withPath(path);
      expect(refused.status, path).toBe(422);
      expect(refused.body.errors['api.path'], path).toEqual(INVALID);
    }
    for (const path of [
      '/locations/provinces',
      'locations/provinces?x=1',
      '/locations/wards?search=..&province_code=79',
      '/file.v2/items',
      'https://provinces.open-api.vn/api/?depth=1',
    ])
      expect((await withPath(path)).status, path).toBe(201);
    const made = (await withPath('/types')).body.data;
    const patched = await api('PATCH', `/fields/${made.id}`, { api: { path: '/types/../users' } });
    expect(patched.body.errors['api.path']).toEqual(INVALID);
  });

  it('gives two categories created at once with the same title distinct slugs', async () => {
    const type = await makeType();
    const [a, b] = await Promise.all([
      api('POST', '/categories', { type_id: type.id, title: 'Cùng lúc' }),
      api('POST', '/categories', { type_id: type.id, title: 'Cùng lúc' }),
    ]);
    expect([a.status, b.status], JSON.stringify([a.body, b.body])).toEqual([201, 201]);
    expect(new Set([a.body.data.slug, b.body.data.slug])).toEqual(
      new Set(['cung-luc', 'cung-luc-2']),
    );
  });
});
