import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';

const SITE_KEYS = ['site_name', 'site_logo', 'site_logo_dark', 'favicon'] as const;
const DEFAULT_SITE_NAME = 'Back Office';

export const systemRoutes = async (app: FastifyInstance) => {
  app.get('/api/v1/health', {
    config: { permission: 'public' },
    schema: { tags: ['system'], response: { 200: z.object({ status: z.literal('ok') }) } },
    handler: async () => {
      await sql`select 1`.execute(app.deps.db);
      return { status: 'ok' as const };
    },
  });

  // What the admin shows before sign-in: the loading screen's logo and the page-title suffix.
  app.get('/api/v1/site', {
    config: { permission: 'public' },
    schema: {
      tags: ['system'],
      response: {
        200: z.object({
          data: z.object({ site_name: z.string(), site_logo: z.string().nullable(), site_logo_dark: z.string().nullable(), favicon: z.string().nullable() }),
        }),
      },
    },
    handler: async () => {
      const rows = await app.deps.db.selectFrom('settings').select(['key', 'value']).where('key', 'in', [...SITE_KEYS]).execute();
      const value = (key: string) => rows.find((row) => row.key === key)?.value || null;
      return {
        data: {
          site_name: value('site_name') ?? DEFAULT_SITE_NAME,
          site_logo: value('site_logo'),
          site_logo_dark: value('site_logo_dark'),
          favicon: value('favicon'),
        },
      };
    },
  });
};
