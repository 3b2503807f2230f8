import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePublicShop, secretTexts, SECRETS, type PublicFixture } from '../test/public-fixture';
import { createTestApp, type TestApp } from '../test/test-app';
import { publicRouteTable } from './public';

let t: TestApp;
let shop: PublicFixture;

beforeAll(async () => {
  t = await createTestApp({
    SITE_URL: 'https://shop.example',
    PUBLIC_ORIGINS: 'https://shop.example, https://www.shop.example',
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
