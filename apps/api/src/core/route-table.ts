import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { Permission } from '@backoffice/shared/permissions';
import { API_PREFIX, type RoutePermission } from './auth/guard';

/** What a route that reads a form (`readForm`) takes: its fields' schema and its file fields. */
export type FormDeclaration = { schema: z.ZodType; files: readonly string[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The form a route reads with `readForm`; without it, tools that walk the routes cannot know its fields. */
    form?: FormDeclaration;
  }
  interface FastifyInstance {
    /** Every API route as declared, in the order it was added. */
    routeTable: readonly RouteEntry[];
  }
}

/** One API route as its declaration says: who may call it and what body it takes. */
export type RouteEntry = {
  method: string;
  url: string;
  permission: RoutePermission | undefined;
  /** Keys of the permission that let in for part of the answers only (a 403 for the rest). */
  narrowed: readonly Permission[] | undefined;
  /** The JSON body's schema (zod), when the route declares one. */
  body: z.ZodType | undefined;
  /** The query's schema (zod), when the route declares one. */
  query: z.ZodType | undefined;
  /** The form it reads, when it reads one (`consumes` lists multipart). */
  form: FormDeclaration | undefined;
  consumes: readonly string[];
};

/**
 * The route table, kept as the routes are added, so that whatever must hold for every route
 * (who may call it, what a hostile body gets) is proved over the routes that exist rather
 * than over a list someone has to remember to extend.
 */
export const routeTable = fp(
  async (app: FastifyInstance) => {
    const entries: RouteEntry[] = [];
    app.decorate('routeTable', entries);
    app.addHook('onRoute', (route: RouteOptions) => {
      if (!route.url.startsWith(API_PREFIX) || route.url.startsWith(`${API_PREFIX}/docs`)) return;
      const schema = (route.schema ?? {}) as {
        body?: z.ZodType;
        querystring?: z.ZodType;
        consumes?: readonly string[];
      };
      for (const method of [route.method].flat())
        entries.push({
          method,
          url: route.url,
          permission: route.config?.permission,
          narrowed: route.config?.narrowed,
          body: schema.body,
          query: schema.querystring,
          form: route.config?.form,
          consumes: schema.consumes ?? [],
        });
    });
  },
  { name: 'route-table' },
);
