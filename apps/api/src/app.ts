import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import { permissionGuard } from './core/auth/guard';
import { createTokenSigner } from './core/auth/tokens';
import { bodyGuard } from './core/body-guard';
import { routeTable } from './core/route-table';
import { lingeringClose } from './core/lingering-close';
import { apiReference } from './core/api-reference';
import { DOCUMENT_ONLY_HEADERS, securityHeaders } from './core/security-headers';
import { apiDescription, finishDescription } from './core/openapi';
import { coreServices, systemClock, type Clock } from './core/services';
import { AppError } from './core/errors';
import {
  answerClientError,
  answerFrameworkError,
  registerErrorHandler,
  sendError,
} from './core/error-handler';
import { zodValidatorCompiler } from './core/validation';
import type { DatabaseHandle } from './db/connection';
import { mailModule } from './mail/mail.routes';
import { mailerService } from './mail/mailer';
import { agenciesRoutes } from './modules/agencies/agencies.routes';
import { auditLogsRoutes } from './modules/audit-logs/audit-logs.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { languagesRoutes } from './modules/languages/languages.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { mediaModule } from './modules/media/media.routes';
import { menusRoutes } from './modules/menus/menus.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { redirectsRoutes } from './modules/redirects/redirects.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { seosRoutes } from './modules/seos/seos.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { feedbackRoutes } from './modules/feedback/feedback.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { ratingsRoutes } from './modules/comments/ratings.routes';
import { slidersRoutes } from './modules/sliders/sliders.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';
import { widgetsRoutes } from './modules/widgets/widgets.routes';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes';
import { warehousesRoutes } from './modules/warehouses/warehouses.routes';
import { warehouseChangesRoutes } from './modules/warehouse-changes/warehouse-changes.routes';
import { supplierReadsRoutes } from './modules/warehouse-changes/supplier-reads';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { orderLetterheadRoutes } from './modules/orders/order-letterhead.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { postsProductCatalog, type ProductCatalog } from './modules/orders/product-catalog';
import { postsRoutes } from './modules/posts/posts.routes';
import { categoriesRoutes } from './modules/content/categories.routes';
import { dataFieldsRoutes } from './modules/content/data-fields.routes';
import { groupsRoutes } from './modules/content/groups.routes';
import { postTypesRoutes } from './modules/content/post-types.routes';
import { publicPreflight } from './core/public';
import { contentPublicRoutes } from './modules/content/content.public';
import { feedbackPublicRoutes } from './modules/feedback/feedback.public';
import { menusPublicRoutes } from './modules/menus/menus.public';
import { postsPublicRoutes } from './modules/posts/posts.public';
import { sitemapRoutes } from './modules/posts/posts.sitemap';
import { redirectsPublicRoutes } from './modules/redirects/redirects.public';
import { seosPublicRoutes } from './modules/seos/seos.public';
import { settingsPublicRoutes } from './modules/settings/settings.public';
import { slidersPublicRoutes } from './modules/sliders/sliders.public';
import { widgetsPublicRoutes } from './modules/widgets/widgets.public';
import { storageService } from './storage/storage-service';
// Registers the server's HTML sanitizer: every `richText()` the routes parse is sanitized.
import './sanitize/rich-text';
import type { HostResolver } from './modules/webhooks/address-guard';
import { webhooksModule } from './modules/webhooks/webhooks.routes';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built admin app lives; served at `/` when present. */
  adminDist?: string;
  /** The app's clock; tests may set one. */
  clock?: Clock;
  /** Where orders read products' prices: the posts of product style unless a test sets one. */
  productCatalog?: ProductCatalog;
  /** How webhooks resolve host names: the system's unless a test answers for it. */
  resolveHost?: HostResolver;
  /** A webhook try's time limit, when a test shortens it. */
  webhookTimeoutMs?: number;
};

/** JSON bodies stay small; uploads go through multipart with their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);

const defaultAdminDist = join(dirname(fileURLToPath(import.meta.url)), '../../admin/dist');

/** Requests that came as HEAD and are routed as GET (see rewriteMethod), for the access log. */
const headRequests = new WeakSet<object>();

/**
 * Two rewrites before routing, so the route, and its permission, are the rewritten method's:
 * - `POST /x?_method=PATCH` is `PATCH /x` (multipart updates).
 * - `HEAD /api/…` is its GET: node's answer to a HEAD request never carries a body (it keeps
 *   the headers, Content-Length included), so the API needs no HEAD twin of each GET route.
 *   Fastify's twins were a third of the routes, and of the time a start spends adding them.
 *   (The admin's files have HEAD routes of their own.)
 */
const rewriteMethod = (request: { method?: string; url?: string }): string => {
  const url = request.url ?? '/';
  if (request.method === 'HEAD' && url.startsWith('/api/')) {
    headRequests.add(request);
    request.method = 'GET';
    return url;
  }
  const query = url.indexOf('?');
  if (query < 0 || request.method !== 'POST') return url;
  const params = new URLSearchParams(url.slice(query + 1));
  const override = params.get('_method')?.toUpperCase();
  if (!override || !OVERRIDABLE.has(override)) return url;
  params.delete('_method');
  request.method = override;
  const rest = params.toString();
  return url.slice(0, query) + (rest ? `?${rest}` : '');
};

/**
 * One log line per answered request (method, URL, status, time, client address). Fastify's own
 * writes two, each serializing the request or the reply, which costs more than a health check.
 */
class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (!error && reply.statusCode < 400 && request.routeOptions.config?.quietWhenOk) return;
    const line = {
      method: headRequests.has(request.raw) ? 'HEAD' : request.method,
      url: request.url,
      statusCode: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request');
  }
}

export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { config, database } = options;
  // Media may come from the S3-compatible store itself when no public URL fronts it.
  const mediaOrigins = [
    config.s3.publicUrl,
    config.mediaStorage === 's3' ? config.s3.endpoint : undefined,
  ]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    rewriteUrl: rewriteMethod,
    exposeHeadRoutes: false,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: config.trustProxy,
    logController: new AccessLog(),
    routerOptions: { maxParamLength: 200 },
    // What Fastify and node refuse before a route runs answers in the API's error shape too.
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(lingeringClose);
  await app.register(securityHeaders({ mediaOrigins }));

  await app.register(
    coreServices({
      config,
      db: database.db,
      engine: database.engine,
      clock: options.clock ?? systemClock,
      tokens: createTokenSigner(config.appSecret),
    }),
  );
  await app.register(storageService());
  await app.register(mailerService);
  await app.register(multipart, {
    limits: { fileSize: config.mediaMaxBytes, files: 20, fields: 100, fieldSize: 100_000 },
  });
  await app.register(permissionGuard);
  await app.register(bodyGuard);
  await app.register(routeTable);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Back office API', version: '1.0.0' },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The access token of `POST /clients/web/login` or `/clients/web/refresh`: a JWT made as RFC8725 ' +
              'advises. One algorithm (HS256, with the server secret; a token naming another, or ' +
              '`none`, is refused), typed (`typ: access`; a refresh token is not an access token), ' +
              'short-lived (`exp`, `expires_in` seconds), and bound to a session (`sid`) that ' +
              'sign-out, disabling the account or a password change (its other sessions) ends at once.',
          },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
    // Schemas given an id (`.meta({ id })`, e.g. a recursive menu item) become components.
    transformObject: (documents) =>
      finishDescription(
        'openapiObject' in documents
          ? jsonSchemaTransformObject(documents)
          : documents.swaggerObject,
        {
          publicUrl: config.publicUrl,
        },
      ),
  });
  await app.register(apiDescription);
  await app.register(
    apiReference({
      // The reference page runs its own inline scripts; the rest of the app keeps the strict policy.
      onRequest: async (_request, reply) => {
        reply.header('content-security-policy', "default-src 'self' 'unsafe-inline' data: blob:");
      },
    }),
  );

  await app.register(mediaModule);
  await app.register(mailModule);
  await app.register(webhooksModule, {
    resolveHost: options.resolveHost,
    timeoutMs: options.webhookTimeoutMs,
  });
  // The modules' routes share one plugin scope: they only declare routes (hooks and decorations
  // belong to the core's plugins above), and a plugin each cost a start a few ms apiece.
  await app.register(async (modules) => {
    for (const routes of [
      systemRoutes,
      languagesRoutes,
      redirectsRoutes,
      rolesRoutes,
      profileRoutes,
      auditLogsRoutes,
      dashboardRoutes,
      usersRoutes,
      agenciesRoutes,
      seosRoutes,
      settingsRoutes,
      feedbackRoutes,
      slidersRoutes,
      widgetsRoutes,
      locationsRoutes,
      warehousesRoutes,
      suppliersRoutes,
      warehouseChangesRoutes,
      supplierReadsRoutes,
      discountsRoutes,
      menusRoutes,
      postsRoutes,
      postTypesRoutes,
      categoriesRoutes,
      groupsRoutes,
      dataFieldsRoutes,
      commentsRoutes,
      ratingsRoutes,
      orderLetterheadRoutes,
      // The website's read API: each resource's public shape, declared beside it.
      contentPublicRoutes,
      postsPublicRoutes,
      menusPublicRoutes,
      slidersPublicRoutes,
      widgetsPublicRoutes,
      settingsPublicRoutes,
      seosPublicRoutes,
      redirectsPublicRoutes,
      feedbackPublicRoutes,
      sitemapRoutes,
    ])
      await routes(modules);
    publicPreflight(modules);
    await ordersRoutes(modules, { catalog: options.productCatalog ?? postsProductCatalog });
    await authRoutes(modules);
  });

  const adminDist = options.adminDist ?? defaultAdminDist;
  const hasAdmin = existsSync(join(adminDist, 'index.html'));
  // Files are looked up per request (a rebuild while running is served at once);
  // hashed assets are cached for good, index.html never.
  if (hasAdmin)
    await app.register(fastifyStatic, {
      root: adminDist,
      wildcard: true,
      index: 'index.html',
      // the build's `.br`/`.gz` copies, chosen by Accept-Encoding (with Vary)
      preCompressed: true,
      // the build's manifest (.vite/) and any source map stay on the server
      allowedPath: (path) => !/(^|\/)\./.test(path) && !path.endsWith('.map'),
      cacheControl: false,
      // the ETag revalidates; a date beside it and byte ranges of scripts are bytes for nothing
      lastModified: false,
      acceptRanges: false,
      setHeaders: (reply, path) => {
        const asset = path.includes('/assets/');
        reply.header('cache-control', asset ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (asset) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
      },
    });

  // Unknown API paths are JSON 404s; every other path is the admin app, which shows its own 404 page.
  app.setNotFoundHandler((request, reply) => {
    if (
      request.url.startsWith('/api/') ||
      !hasAdmin ||
      (request.method !== 'GET' && request.method !== 'HEAD')
    )
      return sendError(request, reply, new AppError('not_found', 'error.route_not_found'));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
};
