import { sql } from 'kysely';
import type { Locale } from '@backoffice/shared/messages/catalog';
import { requestLocale } from '../../core/locale';
import { itemResponse } from '@backoffice/shared/list-query.schema';
import { healthSchema, siteSchema } from '@backoffice/shared/system.schema';
import type { TypedApp } from '../../core/typed-app';
import { readSettings } from '../settings';

const SITE_KEYS = ['site_name', 'site_logo', 'site_logo_dark', 'favicon', 'money_unit'] as const;
/** A shop that has not named itself yet is called so in the reader's language. */
const DEFAULT_SITE_NAMES: Record<Locale, string> = {
  vi: 'Trang quản trị',
  en: 'Back Office',
  ja: '管理画面',
};

/** How long a database that answered counts as answering: probes come often, the query is not free. */
const HEALTHY_FOR_MS = 1000;
const HEALTHY_BODY = JSON.stringify({ status: 'ok' });

export const systemRoutes = async (app: TypedApp) => {
  let healthyUntil = 0;
  // Its answer is text written once (below), so the route declares that rather than the object.
  app.get<{ Reply: string }>('/api/v1/health', {
    // Load balancers ask every few seconds; only its failures belong in the log. (Not by a
    // route log level: a level of its own rebuilds the request's logger on every probe.)
    config: { permission: 'public', quietWhenOk: true },
    schema: {
      summary: 'Health check',
      tags: ['system'],
      response: { 200: healthSchema },
    },
    handler: async (_request, reply) => {
      const now = Date.now();
      if (now >= healthyUntil) {
        // a failure is never remembered: the next probe asks the database again
        healthyUntil = 0;
        await sql`select 1`.execute(app.db);
        healthyUntil = now + HEALTHY_FOR_MS;
      }
      // The body never changes: sent as written, it skips validating and serializing an
      // object per probe (the schema above still describes it).
      return reply.type('application/json; charset=utf-8').send(HEALTHY_BODY);
    },
  });

  // What the admin shows before sign-in (the loading screen's logo, the page-title suffix), and the money unit every screen prints.
  app.get('/api/v1/site', {
    config: { permission: 'public' },
    schema: {
      summary: 'Site settings for the sign-in screen and page titles (public)',
      tags: ['system'],
      response: { 200: itemResponse(siteSchema) },
    },
    handler: async (request) => {
      const stored = await readSettings(app.db, SITE_KEYS);
      const value = (key: (typeof SITE_KEYS)[number]) => stored[key] || null;
      return {
        data: {
          site_name: value('site_name') ?? DEFAULT_SITE_NAMES[requestLocale(request)],
          site_logo: value('site_logo'),
          site_logo_dark: value('site_logo_dark'),
          favicon: value('favicon'),
          // Printed after every amount; a unit saved empty prints the plain number.
          // The unit's default ('đ') when never saved.
          money_unit: stored.money_unit ?? '',
          site_url: app.config.siteUrl ?? null,
        },
      };
    },
  });
};
