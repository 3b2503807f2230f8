import { z } from 'zod';
import { notFound } from '../../core/errors';
import { noParameters, publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import { fromJson } from '../../db/types';
import './seos.table';

/** The SEO record of one address of the website. */
export const publicSeoShape = z.object({
  url: z.string(),
  type: z.string(),
  title: z.string(),
  image: z.string().nullable(),
  description: z.string().nullable(),
  keywords: z.array(z.string()),
});

export const seosPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/seo',
    operationId: 'publicSeo',
    summary: 'The SEO record of an address of the website',
    querystring: z.strictObject({ url: z.string().min(1).max(2000) }),
    params: noParameters,
    shape: publicSeoShape,
    read: async ({ db }, { query }) => {
      const seo = await db
        .selectFrom('seos')
        .select(['url', 'type', 'title', 'image', 'description', 'keywords'])
        .where('url', '=', query.url)
        .executeTakeFirst();
      if (!seo) throw notFound();
      return { ...seo, keywords: fromJson<string[] | null>(seo.keywords) ?? [] };
    },
  });
};
