import { createHash } from 'node:crypto';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { LIST_LIMIT_DEFAULT, LIST_LIMIT_MAX } from '@backoffice/shared/list-query.schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import type { Config } from '../config';
import type { Db, Engine } from '../db/connection';
import { API_PREFIX } from './auth/guard';
import { requestLocale } from './locale';
import { publicRevision, publicStamp, type PublicStamp } from './public-revision';
import type { TypedApp, Validated } from './typed-app';

/**
 * The website's read API (`/api/v1/public/*`): what a public website may show, and nothing
 * else. Each resource declares, beside itself (`<resource>.public.ts`), which records are
 * public (published, enabled) and the public shape of what it answers; every answer here is
 * made by parsing the reader's result with that shape, which drops any field it does not
 * name. So a staff-only field a reader happens to select never leaves the server.
 *
 * Every GET answers a strong ETag, the Cache-Control a CDN may follow, and 304 to a matching
 * `If-None-Match`. The ETag is known before the answer is built: it is derived from the
 * request (route, query, language) and the stamp of the content (`public-revision.ts`: the
 * revision every write grows in its own transaction, and the next moment time alone changes
 * an answer), so a client's current copy costs one small read, and any change gives a new
 * ETag the moment it commits, on every instance. The same ETag names the same bytes, so an
 * instance keeps the bodies it built by their ETag (`keptAnswers`) and answers them again
 * after that one small read, without building them: a write changes every ETag at once, so a
 * kept body is never served once its content has changed. Pages of `PUBLIC_ORIGINS` may call these routes
 * (CORS); the staff API never answers CORS.
 */
export const PUBLIC_PREFIX = `${API_PREFIX}/public`;
export const PUBLIC_TAG = 'public';
export const PUBLIC_CACHE_CONTROL = 'public, max-age=60, stale-while-revalidate=600';
/** A draft shown by a preview token is for that person only. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export type PublicContext = {
  db: Db;
  engine: Engine;
  config: Config;
  /** The moment of the request: what is public is decided at it. */
  now: string;
  request: FastifyRequest;
};

/** A page of a public list: the rows and the total of the filtered list. */
export type PublicPage<T> = { rows: T[]; total: number; page: number; limit: number };

/** Every public route, as registered: the public routes' test walks this table. */
export const publicRouteTable: Array<{ method: 'GET' | 'POST'; url: string }> = [];

export const listPublicRoute = (method: 'GET' | 'POST', url: string) => {
  if (!publicRouteTable.some((route) => route.method === method && route.url === url))
    publicRouteTable.push({ method, url });
};

/** `page` and `limit` of a public list (a limit over 100 is refused, 0 is not offered). */
export const publicPageQuery = {
  page: z
    .string()
    .regex(/^[1-9]\d{0,8}$/, { error: 'list.page' })
    .transform(Number)
    .meta({ type: 'integer', minimum: 1, maximum: 999_999_999 })
    .optional(),
  limit: z
    .string()
    .refine((value) => /^\d{1,3}$/.test(value) && Number(value) >= 1, {
      error: 'list.limit',
      params: { maximum: LIST_LIMIT_MAX },
      abort: true,
    })
    .transform(Number)
    .refine((value) => value <= LIST_LIMIT_MAX, {
      error: 'list.limit',
      params: { maximum: LIST_LIMIT_MAX },
    })
    .meta({ type: 'integer', minimum: 1, maximum: LIST_LIMIT_MAX })
    .optional(),
};

export const pageOf = (query: { page?: number; limit?: number }) => {
  const page = query.page ?? 1;
  const limit = query.limit ?? LIST_LIMIT_DEFAULT;
  return { page, limit, offset: (page - 1) * limit };
};

const paginationShape = z.object({
  pagination: z.object({
    count: z.number(),
    total: z.number(),
    per_page: z.number(),
    current_page: z.number(),
    total_pages: z.number(),
  }),
});

/** A strong validator of the exact bytes answered. */
export const strongEtag = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"`;

/** `If-None-Match` names this ETag (or `*`): the client's copy is the current one. */
const matches = (header: string | undefined, etag: string) =>
  header !== undefined &&
  header.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag;
  });

/** `If-None-Match` names this very ETag (`*` asks whether the answer exists: it is built). */
const names = (header: string | undefined, etag: string) =>
  header !== undefined && header.split(',').some((tag) => tag.trim() === etag);

/**
 * The code that answers: another build may answer other bytes for the same content, so its
 * ETags differ (instances of one build agree).
 */
const BUILD = (() => {
  try {
    const file = statSync(fileURLToPath(import.meta.url));
    return `${file.size}.${file.mtimeMs}`;
  } catch {
    return 'unknown';
  }
})();

// The ETags made at a database's current stamp, by language and URL: a website's pages ask for
// the same few again and again, and the hash is a good part of a 304. `publicStamp` answers the
// same object until the stamp changes.
const madeEtags = new WeakMap<Db, { stamp: PublicStamp; etags: LRUCache<string, string> }>();

/**
 * The ETag of a public answer at a stamp of the content. The app's secret is in it so that no
 * one outside can make an ETag the server would take for its own.
 */
const stampedEtag = (request: FastifyRequest, stamp: PublicStamp) => {
  const locale = requestLocale(request);
  const key = `${locale}\n${request.url}`;
  let made = madeEtags.get(request.server.db);
  if (made?.stamp !== stamp) {
    made = { stamp, etags: new LRUCache({ max: 10_000 }) };
    madeEtags.set(request.server.db, made);
  }
  let etag = made.etags.get(key);
  if (etag === undefined) {
    etag = `"${createHash('sha256')
      .update(
        [
          request.server.config.appSecret,
          BUILD,
          request.url,
          locale,
          stamp.revision,
          stamp.changesAt,
        ].join('\n'),
      )
      .digest('base64url')
      .slice(0, 32)}"`;
    made.etags.set(key, etag);
  }
  return etag;
};

/**
 * CORS for the origins the configuration names, on public routes only: the answer names the
 * caller's origin (never `*`) and varies by it, so a shared cache keeps one copy per origin.
 */
export const allowOrigin = (request: FastifyRequest, reply: FastifyReply) => {
  reply.header('vary', 'Origin');
  const origin = request.headers.origin;
  if (origin && request.server.config.publicOrigins.includes(origin))
    reply
      .header('access-control-allow-origin', origin)
      // so that the page's script may read when to try again (the contact form's limit)
      .header(
        'access-control-expose-headers',
        'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After',
      );
};

/**
 * Sends a public answer: the ETag and Cache-Control, or a 304 without a body when the
 * client already has these bytes.
 */
export const sendCached = (
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  type: string,
  cacheControl = PUBLIC_CACHE_CONTROL,
) => {
  const etag = strongEtag(body);
  reply.header('etag', etag).header('cache-control', cacheControl);
  if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type(type).send(body);
};

/** A public answer under the ETag of its stamp: 304 when the client has it (or no body yet). */
const sendStamped = (
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  body: string | undefined,
) => {
  reply.header('etag', etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  if (body === undefined || matches(request.headers['if-none-match'], etag))
    return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(body);
};

/** The most a database's kept public answers hold, in UTF-16 code units (about 32 MB). */
export const KEPT_ANSWERS_SIZE = 16 * 1024 * 1024;

type KeptAnswers = { revision: number; bodies: LRUCache<string, string> };

// Per database (tests run several apps in one process, each on its own).
const kept = new WeakMap<Db, KeptAnswers>();

/**
 * The bodies built at the content's `revision`, by ETag, the least recently answered dropped
 * first past `KEPT_ANSWERS_SIZE`. A newer revision drops every body kept at older ones (their
 * ETags can no longer be asked for with a current stamp); a request stamped at an older
 * revision than the newest seen (it started before a write another request has seen) neither
 * reads nor keeps anything.
 */
export const keptAnswers = (db: Db, revision: number) => {
  const current = kept.get(db);
  if (current && current.revision > revision) return undefined;
  if (current && current.revision === revision) return current.bodies;
  const bodies = new LRUCache<string, string>({
    maxSize: KEPT_ANSWERS_SIZE,
    sizeCalculation: (body, etag) => body.length + etag.length,
  });
  kept.set(db, { revision, bodies });
  return bodies;
};

type Shape = z.ZodType;

/** What a public request's first hook found: the moment, and the stamp and ETag at it. */
const stamped = new WeakMap<
  FastifyRequest,
  { now: Date; stamp: PublicStamp | undefined; etag: string | undefined }
>();

const PRIVATE = Symbol('private answer');
type PrivateAnswer = { [PRIVATE]: true; result: unknown };

/** An answer for its requester only (a preview): never kept by a shared cache. */
export const privateAnswer = (result: unknown): PrivateAnswer => ({ [PRIVATE]: true, result });

const isPrivateAnswer = (answer: unknown): answer is PrivateAnswer =>
  !!answer && typeof answer === 'object' && PRIVATE in answer;

const READ_AT = Symbol('read at a revision');
type ReadAt = { [READ_AT]: number; result: unknown };

/**
 * An answer whose last statement also selected the content's revision (`revisionColumn`):
 * every read before that statement saw that revision or an older one, so when it is the
 * request's stamp the answer is the content of the stamp, and the revision is not read again.
 * Without a revision (more statements ran after that one) the answer is returned as it is.
 */
export const readAt = (revision: number | string | null | undefined, result: unknown) =>
  revision == null ? result : { [READ_AT]: Number(revision), result };

const isReadAt = (answer: unknown): answer is ReadAt =>
  !!answer && typeof answer === 'object' && READ_AT in answer;

/** A route without query parameters or without path parameters: any given are ignored. */
export const noParameters = z.object({});

export type PublicRoute<TQuery, TParams, TResult> = {
  /** Under `/api/v1/public`, e.g. `/posts/:type/:slug`. */
  path: string;
  summary: string;
  description?: string;
  operationId: string;
  querystring: z.ZodType<TQuery, unknown>;
  params: z.ZodType<TParams, unknown>;
  /** The public shape of one record (the `data`, or each item of a list's `data`). */
  shape: Shape;
  /** A list: the reader answers a `PublicPage` and the route the list envelope. */
  list?: boolean;
  /**
   * A request with this query parameter (whatever its value) asks for an answer for its
   * requester only (a preview): its ETag is made from the bytes, as it depends on more than the
   * content (a token that expires).
   */
  privateWith?: string;
  read: (
    ctx: PublicContext,
    input: { query: Validated<TQuery>; params: Validated<TParams> },
  ) => Promise<TResult | PrivateAnswer | ReadAt>;
};

/** The request's URL names the query parameter `name`, before anything is validated. */
const hasQueryParameter = (url: string, name: string) => {
  const at = url.indexOf('?');
  return at >= 0 && new URLSearchParams(url.slice(at + 1)).has(name);
};

/** Registers one public GET route, answered through its resource's public shape. */
export const publicRoute = <TQuery, TParams>(
  app: TypedApp,
  route: PublicRoute<TQuery, TParams, unknown>,
) => {
  const envelope = route.list
    ? z.object({ data: z.array(route.shape), meta: paginationShape })
    : z.object({ data: route.shape });
  const url = `${PUBLIC_PREFIX}${route.path}`;
  listPublicRoute('GET', url);
  app.get(url, {
    config: { permission: 'public' },
    schema: {
      tags: [PUBLIC_TAG],
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      querystring: route.querystring,
      params: route.params,
      response: { 200: envelope },
    },
    onRequest: async (request, reply) => {
      allowOrigin(request, reply);
      const now = request.server.clock.now();
      const isPrivate =
        route.privateWith !== undefined && hasQueryParameter(request.url, route.privateWith);
      const stamp = isPrivate ? undefined : await publicStamp(request.server.db, now);
      const etag = stamp && stampedEtag(request, stamp);
      stamped.set(request, { now, stamp, etag });
      // The client's copy is current: answered before the request is validated (an ETag of
      // the server's is only ever given for a valid request) and before anything is built.
      if (etag && names(request.headers['if-none-match'], etag))
        return sendStamped(request, reply, etag, undefined);
    },
    handler: async (request, reply) => {
      const { now, stamp, etag } = stamped.get(request)!;
      const answers = stamp && etag ? keptAnswers(request.server.db, stamp.revision) : undefined;
      const answered = etag === undefined ? undefined : answers?.get(etag);
      if (etag !== undefined && answered !== undefined)
        return sendStamped(request, reply, etag, answered);
      const ctx: PublicContext = {
        db: request.server.db,
        engine: request.server.engine,
        config: request.server.config,
        now: now.toISOString(),
        request,
      };
      const answer = await route.read(ctx, { query: request.query, params: request.params });
      const isPrivate = isPrivateAnswer(answer);
      const read = isPrivate ? answer.result : answer;
      const readRevision = isReadAt(read) ? read[READ_AT] : undefined;
      const result = isReadAt(read) ? read.result : read;
      let payload: unknown;
      if (route.list) {
        const page = result as PublicPage<unknown>;
        payload = {
          data: page.rows,
          meta: {
            pagination: {
              count: page.rows.length,
              total: page.total,
              per_page: page.limit,
              current_page: page.page,
              total_pages: Math.ceil(page.total / page.limit),
            },
          },
        };
      } else payload = { data: result };
      // The one rule: only what the public shape names is answered.
      const body = JSON.stringify(envelope.parse(payload));
      // Built from the content of the stamp only if no write committed meanwhile (the revision
      // only grows); otherwise the bytes themselves name this answer.
      if (
        stamp &&
        etag &&
        !isPrivate &&
        (readRevision ?? (await publicRevision(ctx.db))) === stamp.revision
      ) {
        answers?.set(etag, body);
        return sendStamped(request, reply, etag, body);
      }
      return sendCached(
        request,
        reply,
        body,
        'application/json; charset=utf-8',
        isPrivate ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL,
      );
    },
  });
};

/**
 * The browser's preflight for the public routes: allowed origins may send GET and the
 * contact form's POST with a JSON body; other origins get no CORS headers at all.
 */
export const publicPreflight = (app: FastifyInstance) =>
  app.options(`${PUBLIC_PREFIX}/*`, {
    config: { permission: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      allowOrigin(request, reply);
      if (reply.hasHeader('access-control-allow-origin'))
        reply
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'Content-Type, Locale, If-None-Match')
          .header('access-control-max-age', '600');
      return reply.code(204).send();
    },
  });
