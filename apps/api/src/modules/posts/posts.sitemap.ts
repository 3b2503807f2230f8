import { postPath } from '@backoffice/shared/content-paths';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, notFound } from '../../core/errors';
import { allowOrigin, listPublicRoute, sendCached } from '../../core/public';
import { isPublicAt } from '../../core/post-visibility';
import '../content/content.table';
import './posts.table';
import type { TypedApp } from '../../core/typed-app';

/**
 * The website's sitemap, served beside the API at `/sitemap.xml`: an index with one sitemap
 * per post type whose `sitemap` switch is on (`/sitemaps/<type>-<n>.xml`), each listing that
 * type's public posts, 50,000 at most per file as the sitemap protocol requires. Addresses
 * are SITE_URL's: the website serves (or forwards) `/sitemap.xml` and `/sitemaps/*` from here.
 */
export const URLS_PER_SITEMAP = 50_000;

const XML = 'application/xml; charset=utf-8';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!,
  );

const iso = (value: string | null) => (value ? new Date(value).toISOString() : undefined);

const siteUrlOf = (request: FastifyRequest) => {
  const site = request.server.config.siteUrl;
  if (!site) throw new AppError('not_found', 'public.site_url_missing');
  return site;
};

const FILE = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([1-9]\d{0,5})\.xml$/;

const answer = (request: FastifyRequest, reply: FastifyReply, xml: string) => {
  allowOrigin(request, reply);
  return sendCached(request, reply, xml, XML);
};

export const sitemapRoutes = async (app: TypedApp) => {
  listPublicRoute('GET', '/sitemap.xml');
  app.get('/sitemap.xml', {
    config: { permission: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const site = siteUrlOf(request);
      const now = request.server.clock.now().toISOString();
      const { db } = request.server;
      const types = await db
        .selectFrom('post_types')
        .leftJoin('posts', (join) =>
          join.onRef('posts.type_id', '=', 'post_types.id').on(isPublicAt(now)),
        )
        .select((eb) => [
          'post_types.slug',
          eb.fn.count<number>('posts.id').as('n'),
          eb.fn.max('posts.updated_at').as('lastmod'),
        ])
        .where('post_types.sitemap', '=', true)
        .groupBy(['post_types.id', 'post_types.slug', 'post_types.sort'])
        .orderBy('post_types.sort')
        .orderBy('post_types.id')
        .execute();
      const entries = types.flatMap((type) => {
        const files = Math.max(1, Math.ceil(Number(type.n) / URLS_PER_SITEMAP));
        const lastmod = iso(type.lastmod as string | null);
        return Array.from(
          { length: files },
          (_, index) =>
            `<sitemap><loc>${escapeXml(`${site}/sitemaps/${type.slug}-${index + 1}.xml`)}</loc>${
              lastmod ? `<lastmod>${lastmod}</lastmod>` : ''
            }</sitemap>`,
        );
      });
      return answer(
        request,
        reply,
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries.join('')}</sitemapindex>\n`,
      );
    },
  });

  listPublicRoute('GET', '/sitemaps/:file');
  app.get('/sitemaps/:file', {
    config: { permission: 'public' },
    // Any name reaches the handler, and one that names no sitemap file is a 404 there.
    schema: { hide: true, params: z.object({ file: z.string() }) },
    handler: async (request, reply) => {
      const site = siteUrlOf(request);
      const match = FILE.exec(request.params.file);
      if (!match) throw notFound();
      const [, typeSlug, page] = match;
      const now = request.server.clock.now().toISOString();
      const { db } = request.server;
      const type = await db
        .selectFrom('post_types')
        .select(['id', 'slug'])
        .where('slug', '=', typeSlug!)
        .where('sitemap', '=', true)
        .executeTakeFirst();
      if (!type) throw notFound();
      const posts = await db
        .selectFrom('posts')
        .select(['slug', 'updated_at'])
        .where('type_id', '=', type.id)
        .where(isPublicAt(now))
        .orderBy('id')
        .limit(URLS_PER_SITEMAP)
        .offset((Number(page) - 1) * URLS_PER_SITEMAP)
        .execute();
      if (posts.length === 0 && Number(page) > 1) throw notFound();
      const urls = posts.map(
        (post) =>
          `<url><loc>${escapeXml(site + postPath(type.slug, post.slug))}</loc><lastmod>${iso(post.updated_at)}</lastmod></url>`,
      );
      return answer(
        request,
        reply,
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.join('\n')}</urlset>\n`,
      );
    },
  });
};
