import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { on } from '../../core/events';
import { makePublicShop, type PublicFixture } from '../../test/public-fixture';
import { createTestApp, type TestApp } from '../../test/test-app';
import { announceDuePosts } from './post-publication';
import { URLS_PER_SITEMAP } from './posts.sitemap';

let t: TestApp;
let shop: PublicFixture;

beforeAll(async () => {
  t = await createTestApp({ SITE_URL: 'https://shop.example/' });
  shop = await makePublicShop(t);
}, 60_000);
afterAll(() => t.close());

const get = (url: string) => t.request('GET', `/api/v1/public${url}`, { locale: 'en' });
const slugsOf = async (url: string) =>
  ((await get(url)).json().data as Array<{ slug: string }>).map((post) => post.slug);

describe('public posts', () => {
  it('lists the public posts of a type with their summaries, filtered by category (and below), group, trademark and a folded search', async () => {
    const page = await get('/posts?type=san-pham');
    expect(page.statusCode).toBe(200);
    expect(page.json().data.map((post: { slug: string }) => post.slug)).toEqual([
      'iphone-16-pro',
      'iphone-15',
    ]);
    // Drafts, hidden, pending and scheduled posts are not even counted.
    expect(page.json().meta.pagination).toEqual({
      count: 2,
      total: 2,
      per_page: 20,
      current_page: 1,
      total_pages: 1,
    });
    expect(page.json().data[0]).toMatchObject({
      type: 'san-pham',
      title: 'iPhone 16 Pro',
      categories: [{ slug: 'iphone', title: 'iPhone' }],
      rating: { average: 4.5, count: 2 },
      price: 30_000_000,
      // 10% off while the discount applies
      sale_price: 27_000_000,
    });
    expect(page.json().data[0].code).toMatch(/^SP\d+$/);

    expect(await slugsOf('/posts?type=san-pham&category=dien-thoai')).toEqual([
      'iphone-16-pro',
      'iphone-15',
    ]);
    expect(await slugsOf('/posts?type=san-pham&group=noi-bat')).toEqual(['iphone-16-pro']);
    expect(await slugsOf('/posts?type=san-pham&trademark=apple')).toEqual(['iphone-16-pro']);
    expect(await slugsOf('/posts?search=DIEN THOAI moi')).toEqual(['iphone-16-pro']);
    expect(await slugsOf('/posts?type=san-pham&category=none')).toEqual([]);
    expect(await slugsOf('/posts?type=san-pham&orderBy=price')).toEqual([
      'iphone-15',
      'iphone-16-pro',
    ]);
    expect(await slugsOf('/posts?type=san-pham&orderBy=title&sortedBy=desc')).toEqual([
      'iphone-16-pro',
      'iphone-15',
    ]);
    const second = await get('/posts?type=san-pham&limit=1&page=2');
    expect(second.json().data.map((p: { slug: string }) => p.slug)).toEqual(['iphone-15']);
    expect(second.json().meta.pagination).toMatchObject({ total: 2, total_pages: 2, count: 1 });
    // Every type at once, and the course's own fields.
    const all = (await get('/posts')).json().data as Array<Record<string, unknown>>;
    expect(all.map((post) => post.slug).sort()).toEqual(
      ['iphone-15', 'iphone-16-pro', 'lap-trinh-ios', 'ra-mat-iphone-16'].sort(),
    );
    expect(all.find((post) => post.slug === 'lap-trinh-ios')).toMatchObject({
      price: 1_000_000,
      sale_price: 1_000_000,
      lessons_count: 2,
      duration: 600,
    });
    expect(all.find((post) => post.slug === 'ra-mat-iphone-16')).not.toHaveProperty('price');

    expect((await get('/posts?type=none')).statusCode).toBe(404);
    for (const bad of ['limit=101', 'limit=0', 'orderBy=status', 'status=draft', 'page=0'])
      expect((await get(`/posts?${bad}`)).statusCode, bad).toBe(422);
  });

  it("answers one post with everything its page shows: fields, SEO, trademark, groups, public related posts, the discount; a course without its paid lessons' links", async () => {
    const post = (await get('/posts/san-pham/iphone-16-pro')).json().data;
    expect(post).toMatchObject({
      slug: 'iphone-16-pro',
      fields: [{ key: 'color', title: 'Màu', style: 'text', value: 'Titan' }],
      seo: { title: 'iPhone 16 Pro giá tốt', keywords: ['iphone'] },
      trademark: { slug: 'apple', title: 'Apple' },
      groups: [{ slug: 'noi-bat', title: 'Nổi bật' }],
      discount: { title: 'Giảm 10%', tiers: [{ quantity: 1, discount: 10, type: 'percent' }] },
    });
    // The draft and the scheduled post it relates to are not told.
    expect(post.related.map((p: { slug: string }) => p.slug)).toEqual(['iphone-15']);
    expect(post).not.toHaveProperty('author');
    expect(post).not.toHaveProperty('status');

    const course = (await get('/posts/khoa-hoc/lap-trinh-ios')).json().data;
    expect(course.chapters[0].lessons).toEqual([
      {
        title: 'Giới thiệu',
        duration: null,
        highlight: true,
        description: null,
        link: 'https://lesson.example/free',
      },
      { title: 'Bài trả phí', duration: null, highlight: false, description: null },
    ]);
    // The slug is looked up within its type.
    expect((await get('/posts/tin-tuc/iphone-16-pro')).statusCode).toBe(404);
    // A malformed address is missing too; a malformed filter is named.
    const missing = await get('/posts/san-pham/no-such-post');
    const malformed = await get('/posts/san-pham/Not_A_Slug');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.body).toBe(missing.body);
    const badFilter = await get('/posts?category=Not_A_Slug');
    expect(badFilter.statusCode).toBe(422);
    expect(badFilter.json().errors).toHaveProperty('category');
  });

  it('answers a category tree of a type with its public posts counted', async () => {
    const tree = (await get('/categories?type=san-pham')).json().data;
    expect(tree).toEqual([
      {
        slug: 'dien-thoai',
        title: 'Điện thoại',
        image: null,
        description: null,
        // the hidden and the pending post filed here are not counted
        post_count: 0,
        children: [
          {
            slug: 'iphone',
            title: 'iPhone',
            image: null,
            description: null,
            post_count: 2,
            children: [],
          },
        ],
      },
    ]);
  });

  it('answers the post types with their enabled features', async () => {
    const types = (await get('/types')).json().data;
    expect(types[0]).toMatchObject({ slug: 'san-pham', style: 'product', title: 'Sản phẩm' });
    expect(types[0].features).toEqual([
      'category',
      'group',
      'trademark',
      'related',
      'seo',
      'fields',
      'images',
      'comments',
      'ratings',
    ]);
  });
});

describe('previews', () => {
  it('shows a draft as saved to the holder of its token, for that post only, never to a shared cache', async () => {
    const { draft, product } = shop.posts;
    const editor = await t.createUser(['posts.list', 'posts.update']);
    const reader = await t.createUser(['posts.list']);
    expect(
      (await t.request('POST', `/api/v1/posts/${draft.id}/preview`, { token: reader.token }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request('POST', '/api/v1/posts/999999/preview', { token: editor.token })).statusCode,
    ).toBe(404);
    const made = await t.request('POST', `/api/v1/posts/${draft.id}/preview`, {
      token: editor.token,
    });
    expect(made.statusCode).toBe(200);
    const { token, expires_at: expiresAt } = made.json().data;
    const inAnHour = Date.now() + 3_600_000;
    expect(Math.abs(Date.parse(expiresAt) - inAnHour)).toBeLessThan(60_000);

    const shown = await get(`/posts/san-pham/${draft.slug}?preview=${token}`);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toMatchObject({ title: draft.title, published_at: null });
    expect(shown.headers['cache-control']).toBe('private, no-store');
    // Saved changes show at once.
    await t.request('PATCH', `/api/v1/posts/${draft.id}`, {
      token: t.adminToken,
      body: { description: 'Bản nháp mới' },
    });
    expect(
      (await get(`/posts/san-pham/${draft.slug}?preview=${token}`)).json().data.description,
    ).toBe('Bản nháp mới');

    // Not another post, not a forged or an altered token, and the draft stays hidden without it.
    expect((await get(`/posts/san-pham/${product.slug}?preview=${token}`)).statusCode).toBe(404);
    const forged = token.replace(/^\d+/, String(product.id));
    expect((await get(`/posts/san-pham/${product.slug}?preview=${forged}`)).statusCode).toBe(404);
    expect((await get(`/posts/san-pham/${draft.slug}?preview=nonsense`)).statusCode).toBe(404);
    expect((await get(`/posts/san-pham/${draft.slug}`)).statusCode).toBe(404);
  });
});

describe('scheduled publishing', () => {
  it('shows a post published for a future moment from that moment on, and announces it once', async () => {
    const announced: unknown[] = [];
    const stop = on('post.published', (_event, payload) => void announced.push(payload));
    try {
      const at = new Date(Date.now() + 1_500).toISOString();
      const created = await t.request('POST', '/api/v1/posts', {
        token: t.adminToken,
        body: {
          type_id: shop.types.product.id,
          title: 'Hẹn giờ',
          slug: 'hen-gio',
          status: 'published',
          published_at: at.replace('Z', '+00:00'),
        },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json().data.published_at).toBe(at);
      const id = created.json().data.id as number;
      expect((await get('/posts/san-pham/hen-gio')).statusCode).toBe(404);
      expect(await slugsOf('/posts?type=san-pham')).not.toContain('hen-gio');
      expect(announced).toEqual([]);

      await new Promise((resolve) => setTimeout(resolve, Date.parse(at) - Date.now() + 50));
      // Read at request time: no timer needed for it to appear, on any instance.
      expect((await get('/posts/san-pham/hen-gio')).statusCode).toBe(200);
      expect(await slugsOf('/posts?type=san-pham')).toContain('hen-gio');
      // Instances racing to announce it: one of them does.
      const counts = await Promise.all([1, 2, 3].map(() => announceDuePosts(t.db, new Date())));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
      expect(announced).toEqual([
        expect.objectContaining({ id, type: 'san-pham', slug: 'hen-gio', published_at: at }),
      ]);
    } finally {
      stop();
    }
  });

  it('announces a post published now at once, and again only after it was unpublished', async () => {
    const announced: Array<{ id: number }> = [];
    const stop = on(
      'post.published',
      (_event, payload) => void announced.push(payload as { id: number }),
    );
    try {
      const created = await t.request('POST', '/api/v1/posts', {
        token: t.adminToken,
        body: { type_id: shop.types.article.id, title: 'Tin nóng', status: 'published' },
      });
      const { id, published_at: publishedAt } = created.json().data;
      expect(Date.now() - Date.parse(publishedAt)).toBeLessThan(10_000);
      expect(announced.map((p) => p.id)).toEqual([id]);
      await t.request('PATCH', `/api/v1/posts/${id}`, {
        token: t.adminToken,
        body: { title: 'Tin nóng (sửa)' },
      });
      expect(announced).toHaveLength(1);
      await t.request('PATCH', `/api/v1/posts/${id}`, {
        token: t.adminToken,
        body: { status: 'draft' },
      });
      await t.request('PATCH', `/api/v1/posts/${id}`, {
        token: t.adminToken,
        body: { status: 'published' },
      });
      expect(announced.map((p) => p.id)).toEqual([id, id]);
      // A bad moment is refused by name.
      const bad = await t.request('PATCH', `/api/v1/posts/${id}`, {
        token: t.adminToken,
        locale: 'en',
        body: { published_at: 'tomorrow' },
      });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.published_at[0]).toContain('publish date');
    } finally {
      stop();
    }
  });
});

describe('the sitemap', () => {
  it('indexes one sitemap per type that has it on, listing its public posts at SITE_URL', async () => {
    const index = await t.request('GET', '/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(index.body).toContain('<loc>https://shop.example/sitemaps/san-pham-1.xml</loc>');
    expect(index.body).toContain('<loc>https://shop.example/sitemaps/khoa-hoc-1.xml</loc>');
    // The article type has its sitemap off.
    expect(index.body).not.toContain('tin-tuc');
    const products = await t.request('GET', '/sitemaps/san-pham-1.xml');
    expect(products.body).toContain('<loc>https://shop.example/san-pham/iphone-16-pro</loc>');
    expect(products.body).not.toContain(shop.posts.draft.slug);
    expect(products.body).toMatch(/<lastmod>\d{4}-\d\d-\d\dT/);
    expect((await t.request('GET', '/sitemaps/tin-tuc-1.xml')).statusCode).toBe(404);
    expect((await t.request('GET', '/sitemaps/san-pham-2.xml')).statusCode).toBe(404);
  });

  it(`splits a type's sitemap at ${URLS_PER_SITEMAP} addresses`, { timeout: 120_000 }, async () => {
    const type = shop.types.course.id as number;
    const stamp = new Date(Date.now() - 60_000).toISOString();
    // Fixture rows straight into the table, in one statement; on PostgreSQL without the
    // triggers that keep counts and the search index (50,000 of them took a minute here).
    const fill = sql`insert into posts (type_id, style, title, slug, status, published_at,
        images, contents, seo, fields, created_at, updated_at)
      with recursive n(i) as (select 1 union all select i + 1 from n where i <= ${URLS_PER_SITEMAP})
      select ${type}, 'course', 'Bài ' || i, 'bai-' || i, 'published', ${stamp}, '[]', '[]', '{}',
        '{}', ${stamp}, ${stamp} from n`;
    if (t.engine === 'postgres')
      await t.db.transaction().execute(async (tx) => {
        await sql`set local session_replication_role = replica`.execute(tx);
        await fill.execute(tx);
      });
    else await fill.execute(t.db);
    const index = (await t.request('GET', '/sitemap.xml')).body;
    expect(index).toContain('/sitemaps/khoa-hoc-2.xml');
    expect(index).not.toContain('/sitemaps/khoa-hoc-3.xml');
    const first = (await t.request('GET', '/sitemaps/khoa-hoc-1.xml')).body;
    const second = (await t.request('GET', '/sitemaps/khoa-hoc-2.xml')).body;
    expect(first.match(/<url>/g)).toHaveLength(URLS_PER_SITEMAP);
    // 50,002 public courses: the fixture's one and the 50,001 above.
    expect(second.match(/<url>/g)).toHaveLength(2);
  });

  it('is a 404 naming SITE_URL when the website has no address', async () => {
    const bare = await createTestApp();
    try {
      const answer = await bare.request('GET', '/sitemap.xml', { locale: 'en' });
      expect(answer.statusCode).toBe(404);
      expect(answer.json().message).toContain('SITE_URL');
      expect((await bare.request('GET', '/api/v1/site')).json().data.site_url).toBeNull();
    } finally {
      await bare.close();
    }
    expect((await t.request('GET', '/api/v1/site')).json().data.site_url).toBe(
      'https://shop.example',
    );
  });
});
