import { z } from 'zod';
import { notFound } from '../../core/errors';
import { noParameters, publicRoute } from '../../core/public';
import type { TypedApp } from '../../core/typed-app';
import { fromJson } from '../../db/types';
import './widgets.table';

/**
 * What the website shows of a widget: its title, icon, group, type, sections and value.
 * Its `settings` (how the admin's value editor asks for the content) stay in the back office.
 */
export const publicWidgetShape = z.object({
  key: z.string(),
  title: z.string(),
  icon: z.string().nullable(),
  group: z.object({ name: z.string().nullable(), slug: z.string().nullable() }),
  type: z.string().nullable(),
  sections: z.unknown(),
  value: z.unknown(),
});

export const widgetsPublicRoutes = async (app: TypedApp) => {
  publicRoute(app, {
    path: '/widgets/:key',
    operationId: 'publicWidget',
    summary: 'What the website shows of a widget',
    params: z.object({ key: z.string().max(100) }),
    querystring: noParameters,
    shape: publicWidgetShape,
    read: async ({ db }, { params }) => {
      const widget = await db
        .selectFrom('widgets')
        .select(['key', 'title', 'icon', 'group_name', 'group_slug', 'type', 'sections', 'value'])
        .where('key', '=', params.key)
        .executeTakeFirst();
      if (!widget) throw notFound();
      return {
        key: widget.key,
        title: widget.title,
        icon: widget.icon,
        group: { name: widget.group_name, slug: widget.group_slug },
        type: widget.type,
        sections: fromJson(widget.sections) ?? null,
        value: fromJson(widget.value) ?? null,
      };
    },
  });
};
