import { z } from 'zod';
import { notFound } from '../../core/errors';
import { noParameters, publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import { fromJson } from '../../db/types';
import './sliders.table';

/** What the website shows of a slider: its slides. */
export const publicSliderShape = z.object({
  key: z.string(),
  title: z.string(),
  items: z.array(
    z.object({
      image: z.string(),
      title: z.string().nullable(),
      url: z.string().nullable(),
      description: z.string().nullable(),
    }),
  ),
});

export const slidersPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/sliders/:key',
    operationId: 'publicSlider',
    summary: "A slider's slides",
    params: z.object({ key: z.string().max(100) }),
    querystring: noParameters,
    shape: publicSliderShape,
    read: async ({ db }, { params }) => {
      const slider = await db
        .selectFrom('sliders')
        .select(['key', 'title', 'items'])
        .where('key', '=', params.key)
        .executeTakeFirst();
      if (!slider) throw notFound();
      const items = fromJson<Array<Record<string, unknown>> | null>(slider.items) ?? [];
      return {
        key: slider.key,
        title: slider.title,
        items: items.map((item) => ({
          image: item.image,
          title: item.title ?? null,
          url: item.url ?? null,
          description: item.description ?? null,
        })),
      };
    },
  });
};
