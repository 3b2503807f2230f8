import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { API_PREFIX } from './auth/guard';

/**
 * The API description (`/api/v1/docs/json`, OpenAPI 3) is made from the declarations
 * that run the API: the routes' zod schemas, their permissions and the resources'
 * names. Every operation gets an operationId, a summary and a tag, and the error answers
 * it can give, with the error body every error has: 401 and 403 where a route is not
 * public, 404 where a path names a record, 413 and 415 where a body may be sent, 422 where
 * anything is validated, 500 and 503 everywhere (an unexpected error; a dependency is down); a route that refuses by
 * rate declares its 429 (`ERROR_RESPONSES[429]`). A route
 * outside the generic resources declares its `schema.summary` (the app does not start
 * otherwise, like a missing permission); its operationId is made from its method and
 * path unless it declares one.
 */

/** An error answer in the API's error shape, described for one route's reason. */
export const errorResponse = (description: string) =>
  z
    .object({
      message: z.string(),
      code: z.string(),
      errors: z.record(z.string(), z.array(z.string())).optional(),
    })
    .describe(description);

export const ERROR_RESPONSES = {
  400: errorResponse('The request is malformed (its URL, headers or body cannot be read)'),
  401: errorResponse('Not signed in, or the access token is expired or no longer valid'),
  403: errorResponse('Signed in, but the role lacks the permission'),
  404: errorResponse('No such record'),
  413: errorResponse('The body (or a file in it) is larger than the API takes'),
  415: errorResponse(
    'The body is of a type this route does not read: JSON, or a multipart form where the route takes one',
  ),
  422: errorResponse('The request is not valid; `errors` names each field with its texts'),
  429: errorResponse('Too many attempts; try again after the seconds of `Retry-After`'),
  500: errorResponse(
    'An error the API did not expect; it is logged with the request, and the answer says no more',
  ),
  503: errorResponse(
    'A service the API depends on (the database, the file store, the mail server) cannot be reached; nothing was changed; try again after the seconds of `Retry-After`',
  ),
} as const;

/** Methods whose requests may carry a body: a body too large or of a type not read is refused. */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const words = (path: string) =>
  path
    .split('/')
    .filter(Boolean)
    .map((segment) => (segment.startsWith(':') ? `by-${segment.slice(1)}` : segment))
    .join('-')
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean);

const camel = (parts: string[]) =>
  parts
    .map((part, index) =>
      index === 0 ? part.toLowerCase() : part[0]!.toUpperCase() + part.slice(1),
    )
    .join('');

/** `POST /api/v1/users/:id/reset-password` → `postUsersByIdResetPassword`. */
export const operationIdOf = (method: string, url: string) =>
  camel([method.toLowerCase(), ...words(url.slice(API_PREFIX.length))]);

type RouteSchema = {
  tags?: string[];
  operationId?: string;
  summary?: string;
  hide?: boolean;
  body?: unknown;
  querystring?: unknown;
  params?: unknown;
  consumes?: readonly string[];
  response?: Record<string | number, unknown>;
  security?: unknown[];
};

const describeRoute = (route: RouteOptions) => {
  const methods = [route.method].flat();
  if (
    !route.url.startsWith(API_PREFIX) ||
    route.url.startsWith(`${API_PREFIX}/docs`) ||
    methods.every((m) => m === 'HEAD')
  )
    return;
  const schema = (route.schema ??= {}) as RouteSchema;
  if (schema.hide) return;
  const method = methods.find((m) => m !== 'HEAD') ?? methods[0]!;
  if (!schema.summary)
    throw new Error(
      `Route ${method} ${route.url} declares no summary (schema.summary) for the API description`,
    );
  schema.operationId ??= operationIdOf(method, route.url);
  schema.tags ??= [words(route.url.slice(API_PREFIX.length))[0] ?? 'api'];
  const response = (schema.response ??= {});
  const add = (status: keyof typeof ERROR_RESPONSES) => {
    response[status] ??= ERROR_RESPONSES[status];
  };
  add(400);
  if (route.config?.permission !== 'public') {
    add(401);
    add(403);
  } else {
    // Anonymous (OpenAPI's empty requirement): the document's default asks for the token.
    schema.security = [{}];
  }
  if (route.url.includes(':') || route.url.endsWith('*')) add(404);
  if (BODY_METHODS.has(method)) {
    add(413);
    add(415);
  }
  if (schema.body || schema.querystring || schema.params || schema.consumes || method !== 'GET')
    add(422);
  // Every route reads the database (the guard loads the signed-in user) or the file store.
  add(503);
  add(500);
};

/** Registered before the routes: it completes each route's description as it is added. */
export const apiDescription = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRoute', describeRoute);
  },
  { name: 'api-description' },
);

type JsonSchema = { [key: string]: unknown };

/** A count or a number of seconds in a header: a day's worth at most. */
const HEADER_NUMBER = { type: 'integer', format: 'int32', minimum: 0, maximum: 86_400 };

const RETRY_AFTER = { description: 'Seconds to wait before trying again', schema: HEADER_NUMBER };

const addHeaders = (response: JsonSchema, headers: Record<string, unknown>) => {
  response.headers = { ...(response.headers as object | undefined), ...headers };
};

const RATE_LIMIT_HEADERS = {
  'RateLimit-Limit': {
    description: 'How many requests the limit allows in its window',
    schema: HEADER_NUMBER,
  },
  'RateLimit-Remaining': {
    description: 'How many of them are left to this caller',
    schema: HEADER_NUMBER,
  },
  'RateLimit-Reset': {
    description: 'Seconds until the window ends and the count starts again',
    schema: HEADER_NUMBER,
  },
};

const ALLOW_ORIGIN = {
  description:
    "The request's `Origin`, sent back when it is one of the origins `PUBLIC_ORIGINS` names (never `*`); absent otherwise",
  schema: { type: 'string', format: 'uri', maxLength: 2048 },
};

/**
 * The component schemas the operations reach. The zod plugin registers a named schema once
 * for what a client sends and once for what it gets back, whether or not both are used; one
 * that nothing uses is left out, so that each schema in the description is one a reader can
 * find an operation for.
 */
const reachedSchemas = (paths: unknown, schemas: Record<string, unknown>) => {
  const reached = new Set<string>();
  const PREFIX = '#/components/schemas/';
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === 'object') {
      const ref = (node as { $ref?: unknown }).$ref;
      if (typeof ref === 'string' && ref.startsWith(PREFIX)) {
        const name = ref.slice(PREFIX.length);
        if (!reached.has(name)) {
          reached.add(name);
          walk(schemas[name]);
        }
      }
      Object.values(node).forEach(walk);
    }
  };
  walk(paths);
  return Object.fromEntries(Object.entries(schemas).filter(([name]) => reached.has(name)));
};

/**
 * The last touches on the whole document, each a translation of what the schemas say
 * into what OpenAPI 3.0 wants: a format on every integer (int32 when its bounds fit, int64
 * otherwise: the API's numbers are safe integers), `nullable` on each member of a union
 * rather than beside it, a 204 where a route answers without a body, the `Retry-After`
 * header of a 429 or 503, the rate headers of a limited route, the CORS header of the website's
 * routes, the wildcard of the public file route named, the schemas no operation uses left out,
 * the server and the licence.
 */
export const finishDescription = <T extends object>(
  document: T,
  options: { publicUrl?: string },
): T => {
  const visit = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      const schema = node as JsonSchema;
      if (schema.type === 'integer' && schema.format === undefined) {
        const fits = (value: unknown) =>
          typeof value === 'number' && Math.abs(value) <= 2 ** 31 - 1;
        schema.format = fits(schema.minimum) && fits(schema.maximum) ? 'int32' : 'int64';
      }
      if (schema.nullable === true && schema.type === undefined && Array.isArray(schema.anyOf)) {
        for (const member of schema.anyOf as JsonSchema[]) member.nullable = true;
        delete schema.nullable;
      }
      Object.values(schema).forEach(visit);
    }
  };
  visit(document);
  const paths =
    (
      document as {
        paths?: Record<
          string,
          Record<string, { responses?: Record<string, unknown>; parameters?: JsonSchema[] }>
        >;
      }
    ).paths ?? {};
  const renamed: typeof paths = {};
  for (const [path, operations] of Object.entries(paths)) {
    for (const operation of Object.values(operations)) {
      const responses = (operation.responses ??= {});
      if (!Object.keys(responses).some((status) => status.startsWith('2')))
        responses['204'] = { description: 'Done; no content' };
      for (const status of ['429', '503']) {
        const response = responses[status] as JsonSchema | undefined;
        if (response) response.headers = { 'Retry-After': RETRY_AFTER };
      }
      // Only a route that refuses by rate declares a 429, and each such route says where its
      // caller stands on every answer (`rateLimitHeaders`).
      if (responses['429'])
        for (const [status, response] of Object.entries(responses))
          if (/^[24]/.test(status)) addHeaders(response as JsonSchema, RATE_LIMIT_HEADERS);
      // The website's routes answer pages of the origins PUBLIC_ORIGINS names (`allowOrigin`);
      // the staff API sends no CORS headers at all.
      if (path.startsWith(`${API_PREFIX}/public/`))
        for (const response of Object.values(responses))
          addHeaders(response as JsonSchema, { 'Access-Control-Allow-Origin': ALLOW_ORIGIN });
      for (const parameter of operation.parameters ?? [])
        if (parameter.in === 'path' && parameter.name === '*') parameter.name = 'key';
    }
    renamed[path.replace('{*}', '{key}')] = operations;
  }
  const components = (document as { components?: { schemas?: Record<string, unknown> } })
    .components;
  return {
    ...document,
    paths: renamed,
    ...(components?.schemas
      ? { components: { ...components, schemas: reachedSchemas(renamed, components.schemas) } }
      : {}),
    info: {
      ...(document as { info?: object }).info,
      license: {
        name: 'Proprietary',
        url: `${(options.publicUrl ?? '').replace(/\/+$/, '')}/api/v1/docs`,
      },
    },
    // one server, reachable from the internet (staff sign in from anywhere), in whichever
    // environment it was started: production, or a developer's local copy
    servers: [
      {
        url: options.publicUrl ?? '/',
        description: 'This back office (production, or a local copy)',
        'x-internal': false,
      },
    ],
  };
};
