import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makePublicShop,
  MEMBERS_ONLY_ITEM,
  secretTexts,
  SECRETS,
  type PublicFixture,
} from '../test/public-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { publicRouteTable } from './public';

let t: TestApp;
let shop: PublicFixture;

beforeAll(async () => {
  t = await createTestApp({
    SITE_URL: 'https://shop.example',
    PUBLIC_ORIGINS: 'https://shop.example, https://www.shop.example',
    // Visitors' addresses come from X-Forwarded-For, as behind the website's proxy.
    TRUST_PROXY: 'true',
  });
  shop = await makePublicShop(t);
}, 60_000);
afterAll(() => t.close());

/**
 * Requests for each public route that try to reach what is not public: every post by its
 * slug (drafts, hidden, pending and scheduled too), every filter of the lists, searches for
 * the secret titles. A route added without its line here fails the walk.
 */
const examples = (): Record<string, string[]> => {
  const { posts, types, categories, groups } = shop;
  const slugs = Object.values(posts).map((post) => post.slug as string);
  const typeSlugs = Object.values(types).map((type) => type.slug as string);
  const lists = ['', ...typeSlugs.map((slug) => `type=${slug}`)].flatMap((filter) => [
    filter,
    `${filter}&category=${categories.phones.slug}`,
    `${filter}&category=${categories.iphone.slug}`,
    `${filter}&group=${groups.featured.slug}`,
    `${filter}&trademark=${groups.apple.slug}`,
    `${filter}&search=secret`,
    `${filter}&search=${SECRETS.draftTitle}`,
    `${filter}&orderBy=price&sortedBy=asc`,
    `${filter}&orderBy=title&limit=100`,
  ]);
  return {
    'GET /api/v1/public/types': ['/api/v1/public/types'],
    'GET /api/v1/public/categories': typeSlugs.map(
      (slug) => `/api/v1/public/categories?type=${slug}`,
    ),
    'GET /api/v1/public/posts': lists.map((query) => `/api/v1/public/posts?${query}`),
    'GET /api/v1/public/posts/:type/:slug': typeSlugs.flatMap((type) =>
      slugs.map((slug) => `/api/v1/public/posts/${type}/${slug}`),
    ),
    'GET /api/v1/public/menus/:key': [
      '/api/v1/public/menus/main',
      '/api/v1/public/menus/main?viewer=guest',
      '/api/v1/public/menus/main?viewer=member',
    ],
    'GET /api/v1/public/sliders/:key': ['/api/v1/public/sliders/home'],
    'GET /api/v1/public/widgets/:key': ['/api/v1/public/widgets/footer'],
    'GET /api/v1/public/settings': ['/api/v1/public/settings'],
    'GET /api/v1/public/seo': [
      '/api/v1/public/seo?url=/san-pham/iphone-16-pro',
      `/api/v1/public/seo?url=/san-pham/${SECRETS.draftSlug}`,
    ],
    'GET /api/v1/public/redirects/resolve': ['/api/v1/public/redirects/resolve?path=/old-iphone'],
    'POST /api/v1/public/feedback': ['/api/v1/public/feedback'],
    'GET /sitemap.xml': ['/sitemap.xml'],
    'GET /sitemaps/:file': typeSlugs.map((slug) => `/sitemaps/${slug}-1.xml`),
  };
};

describe('the public delivery API', () => {
  it('never answers an unpublished post or a staff-only field, on any public route', async () => {
    const byRoute = examples();
    const secrets = secretTexts();
    const walked: string[] = [];
    for (const route of publicRouteTable) {
      const name = `${route.method} ${route.url}`;
      const urls = byRoute[name];
      expect(urls, `no example requests for ${name}`).toBeDefined();
      for (const url of urls!) {
        const response = await t.request(route.method, url, {
          ...(route.method === 'POST'
            ? { body: { name: 'Khách ghé thăm', email: 'guest@example.com', content: 'Chào' } }
            : {}),
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        expect(response.statusCode, `${route.method} ${url}`).toBeLessThan(500);
        for (const secret of secrets)
          expect(response.body, `${route.method} ${url} answers ${secret}`).not.toContain(secret);
        walked.push(url);
      }
    }
    // The walk read public posts too: what must be answered is answered.
    const page = await t.request('GET', '/api/v1/public/posts/san-pham/iphone-16-pro');
    expect(page.statusCode).toBe(200);
    expect(walked.length).toBeGreaterThan(50);
  });

  it('answers a draft, a hidden, a pending and a scheduled post with the 404 of a missing one', async () => {
    const { draft, hidden, pending, scheduled } = shop.posts;
    const missing = await t.request('GET', '/api/v1/public/posts/san-pham/no-such-post');
    expect(missing.statusCode).toBe(404);
    for (const post of [draft, hidden, pending, scheduled]) {
      const answer = await t.request('GET', `/api/v1/public/posts/san-pham/${post.slug}`);
      expect(answer.statusCode).toBe(404);
      expect(answer.body).toBe(missing.body);
      expect(answer.headers['content-type']).toBe(missing.headers['content-type']);
    }
  });
});

describe('caching', () => {
  it('answers a strong ETag and the shared-cache policy, 304 without a body to a matching If-None-Match, and a change at once', async () => {
    const url = '/api/v1/public/posts/san-pham/iphone-16-pro';
    const first = await t.request('GET', url);
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');

    const again = await t.request('GET', url, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    const listed = await t.request('GET', url, {
      headers: { 'if-none-match': `"other", ${etag}` },
    });
    expect(listed.statusCode).toBe(304);
    expect(
      (await t.request('GET', url, { headers: { 'if-none-match': `W/${etag}` } })).statusCode,
    ).toBe(200);

    // Staff rename the post: the very next request sees it, under a new ETag.
    await t.request('PATCH', `/api/v1/posts/${shop.posts.product.id}`, {
      token: t.adminToken,
      body: { title: 'iPhone 16 Pro Max' },
    });
    const changed = await t.request('GET', url, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.title).toBe('iPhone 16 Pro Max');
    expect(changed.headers.etag).not.toBe(etag);

    // A change elsewhere that the answer shows (a menu's item) is seen at once too.
    const menu = await t.request('GET', '/api/v1/public/menus/main');
    const menus = await t.request('GET', '/api/v1/menus?search=key:main', { token: t.adminToken });
    const id = menus.json().data[0].id as number;
    await t.request('PATCH', `/api/v1/menus/${id}`, {
      token: t.adminToken,
      body: { title: 'Menu mới' },
    });
    const after = await t.request('GET', '/api/v1/public/menus/main', {
      headers: { 'if-none-match': menu.headers.etag as string },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().data.title).toBe('Menu mới');
  });

  it('caches the sitemap the same way', async () => {
    const index = await t.request('GET', '/sitemap.xml');
    expect(index.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    const again = await t.request('GET', '/sitemap.xml', {
      headers: { 'if-none-match': index.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('browsers of other origins (CORS)', () => {
  it('lets the configured origins read the public routes and send the contact form, and no one else', async () => {
    const allowed = await t.request('GET', '/api/v1/public/types', {
      headers: { origin: 'https://www.shop.example' },
    });
    expect(allowed.headers['access-control-allow-origin']).toBe('https://www.shop.example');
    expect(allowed.headers['access-control-expose-headers']).toContain('RateLimit-Remaining');
    expect(allowed.headers.vary).toContain('Origin');
    const other = await t.request('GET', '/api/v1/public/types', {
      headers: { origin: 'https://evil.example' },
    });
    expect(other.statusCode).toBe(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t.request('OPTIONS', '/api/v1/public/feedback', {
      headers: {
        origin: 'https://shop.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('https://shop.example');
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');
    const refused = await t.request('OPTIONS', '/api/v1/public/feedback', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(refused.headers['access-control-allow-origin']).toBeUndefined();

    // A 404 of a public route is readable by the website's page too.
    const missing = await t.request('GET', '/api/v1/public/sliders/none', {
      headers: { origin: 'https://shop.example' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('https://shop.example');
  });

  it('never answers CORS on the staff API, even to a configured origin', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/posts'],
      ['GET', '/api/v1/site'],
      ['OPTIONS', '/api/v1/posts'],
      ['OPTIONS', '/api/v1/clients/web/login'],
    ] as const) {
      const response = await t.request(method, url, {
        token: t.adminToken,
        headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
      });
      expect(response.headers['access-control-allow-origin'], `${method} ${url}`).toBeUndefined();
    }
  });
});

describe("the website's resources", () => {
  it('answers a menu per kind of viewer, with the paths of public records only', async () => {
    const guest = (await t.request('GET', '/api/v1/public/menus/main?viewer=guest')).json().data;
    const member = (await t.request('GET', '/api/v1/public/menus/main?viewer=member')).json().data;
    const titles = (items: Array<{ title: string }>) => items.map((item) => item.title);
    expect(titles(guest.items)).toContain('Đăng nhập');
    expect(titles(guest.items)).not.toContain(MEMBERS_ONLY_ITEM);
    expect(titles(member.items)).toContain(MEMBERS_ONLY_ITEM);
    expect(titles(member.items)).not.toContain('Đăng nhập');
    // The item pointing at a draft is left out; the others carry their records' paths.
    expect(titles(guest.items)).not.toContain('Sắp ra mắt');
    const phones = guest.items.find((item: { title: string }) => item.title === 'Điện thoại');
    expect(phones.path).toBe('/san-pham/category/dien-thoai');
    expect(phones.children[0].path).toMatch(/^\/san-pham\/iphone-16-pro/);
    expect((await t.request('GET', '/api/v1/public/menus/none')).statusCode).toBe(404);
    expect(
      (await t.request('GET', '/api/v1/public/menus/main?viewer=admin', { locale: 'en' }))
        .statusCode,
    ).toBe(422);
  });

  it('answers the settings a site renders, a slider, a widget, SEO by address and redirects followed to their end', async () => {
    const settings = (await t.request('GET', '/api/v1/public/settings')).json().data;
    expect(settings).toMatchObject({ site_name: 'Cửa hàng Táo', money_unit: 'đ' });
    expect(settings).not.toHaveProperty('notification_emails');
    expect(settings).not.toHaveProperty('product_code_syntax');
    expect(settings).not.toHaveProperty('secretoption');

    const slider = (await t.request('GET', '/api/v1/public/sliders/home')).json().data;
    expect(slider.items[0]).toMatchObject({ title: 'Khuyến mãi' });
    const widget = (await t.request('GET', '/api/v1/public/widgets/footer')).json().data;
    expect(widget).toMatchObject({ title: 'Chân trang', group: { slug: 'chan-trang' } });
    expect(widget).not.toHaveProperty('settings');
    expect(widget).not.toHaveProperty('description');

    const seo = await t.request('GET', '/api/v1/public/seo?url=/san-pham/iphone-16-pro');
    expect(seo.json().data).toMatchObject({ title: 'iPhone 16 Pro', type: 'article' });
    expect((await t.request('GET', '/api/v1/public/seo?url=/none')).statusCode).toBe(404);

    const resolved = await t.request('GET', '/api/v1/public/redirects/resolve?path=/old-iphone');
    // One of the two hops is temporary: the whole way is.
    expect(resolved.json().data).toEqual({ destination: '/san-pham/iphone-16-pro', code: 302 });
    const permanent = await t.request('GET', '/api/v1/public/redirects/resolve?path=/mid-iphone');
    expect(permanent.json().data.destination).toBe('/san-pham/iphone-16-pro');
    expect((await t.request('GET', '/api/v1/public/redirects/resolve?path=/new')).statusCode).toBe(
      404,
    );
  });

  it('takes the contact form, answers nothing of other feedback, and refuses a sixth within 10 minutes from one address', async () => {
    const send = (
      ip: string,
      body: unknown = { name: 'Lan', phone: '0912345678', content: 'Tư vấn' },
    ) =>
      t.request('POST', '/api/v1/public/feedback', {
        body,
        locale: 'en',
        headers: { 'x-forwarded-for': ip },
      });
    const first = await send('198.51.100.7');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({
      name: 'Lan',
      phone: '0912345678',
      content: 'Tư vấn',
    });
    expect(first.json().data).not.toHaveProperty('id');
    expect(first.json().data).not.toHaveProperty('status');
    // Staff see it.
    const list = await t.request('GET', '/api/v1/feedback?search=phone:0912345678', {
      token: t.adminToken,
    });
    expect(list.json().data[0]).toMatchObject({ name: 'Lan', status: 'none' });
    // A visitor may not choose the status, nor send what the form does not have.
    const status = await send('198.51.100.8', { name: 'Lan', status: 'done' });
    expect(status.statusCode).toBe(422);
    expect(status.json().errors).toHaveProperty('status');

    // Each answer says where the address stands, so a website's form can say so before a 429.
    const rate = (response: { headers: Record<string, unknown> }) =>
      ['limit', 'remaining', 'reset'].map((name) => Number(response.headers[`ratelimit-${name}`]));
    expect(rate(first).slice(0, 2)).toEqual([5, 4]);
    expect(rate(first)[2]).toBeGreaterThan(500);
    for (let i = 0; i < 4; i++) {
      const next = await send('198.51.100.7');
      expect(next.statusCode).toBe(201);
      expect(rate(next)[1]).toBe(3 - i);
    }
    const sixth = await send('198.51.100.7');
    expect(sixth.statusCode).toBe(429);
    expect(rate(sixth).slice(0, 2)).toEqual([5, 0]);
    // The schema's refusals too: a 422 says the same.
    expect(rate(await send('198.51.100.7', { name: 'Lan', status: 'done' }))[1]).toBe(0);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(500);
    expect(sixth.json().code).toBe('too_many_requests');
    // Another address is not held back.
    expect((await send('198.51.100.9')).statusCode).toBe(201);
  });
});
