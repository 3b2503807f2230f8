import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import scalar from '@scalar/fastify-api-reference';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { API_PREFIX, permissionGuard } from './core/auth/guard';
import { createTokenSigner } from './core/auth/tokens';
import { depsPlugin } from './core/deps';
import { AppError } from './core/errors';
import { registerErrorHandler, sendError } from './core/error-handler';
import { zodValidatorCompiler } from './core/validation';
import type { DatabaseHandle } from './db/connection';
import { mailModule } from './mail/mail.routes';
import { agenciesRoutes } from './modules/agencies/agencies.routes';
import { auditLogsRoutes } from './modules/audit-logs/audit-logs.routes';
import { authRoutes, type AuthOptions } from './modules/auth/auth.routes';
import { languagesRoutes } from './modules/languages/languages.routes';
import { mediaModule } from './modules/media/media.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { redirectsRoutes } from './modules/redirects/redirects.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { systemRoutes } from './modules/system/system.routes';
import { usersRoutes } from './modules/users/users.routes';

export type AppOptions = {
  config: Config;
  database: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
  /** Where the built admin app lives; served at `/` when present. */
  adminDist?: string;
} & AuthOptions;

/** JSON bodies stay small; uploads go through multipart with their own limit. */
export const JSON_BODY_LIMIT = 1024 * 1024;

const OVERRIDABLE = new Set(['PATCH', 'PUT', 'DELETE']);

const defaultAdminDist = join(dirname(fileURLToPath(import.meta.url)), '../../admin/dist');

/**
 * `POST /x?_method=PATCH` is `PATCH /x` (multipart updates, spec §7). It is
 * rewritten before routing, so the route, and its permission, are PATCH's.
 */
const rewriteMethodOverride = (request: { method?: string; url?: string }): string => {
  const url = request.url ?? '/';
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

export const buildApp = async (options: AppOptions): Promise<FastifyInstance> => {
  const { config, database } = options;
  // Media may come from the S3-compatible store itself when no public URL fronts it.
  const mediaOrigins = [config.s3.publicUrl, config.mediaStorage === 's3' ? config.s3.endpoint : undefined]
    .filter((url): url is string => Boolean(url))
    .map((url) => new URL(url).origin);
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: JSON_BODY_LIMIT,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
    rewriteUrl: rewriteMethodOverride,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    trustProxy: process.env.TRUST_PROXY === 'true',
    routerOptions: { maxParamLength: 200 },
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  await app.register(
    depsPlugin({ config, db: database.db, engine: database.engine, signer: createTokenSigner(config.appSecret) }),
  );
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
        mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        frameAncestors: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(multipart, { limits: { fileSize: config.mediaMaxBytes, files: 20, fields: 100, fieldSize: 100_000 } });
  await app.register(permissionGuard);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Back office API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(scalar, {
    routePrefix: `${API_PREFIX}/docs`,
    openApiDocumentEndpoints: { json: '/json', yaml: '/yaml' },
    // The reference page runs its own inline scripts; the rest of the app keeps the strict policy.
    hooks: {
      onRequest: async (_request, reply) => {
        reply.header('content-security-policy', "default-src 'self' 'unsafe-inline' data: blob:");
      },
    },
  });

  for (const routes of [systemRoutes, languagesRoutes, redirectsRoutes, rolesRoutes, profileRoutes, auditLogsRoutes, mediaModule, mailModule, usersRoutes, agenciesRoutes])
    await app.register(routes);
  await app.register(authRoutes, { onCaptcha: options.onCaptcha });

  const adminDist = options.adminDist ?? defaultAdminDist;
  const hasAdmin = existsSync(join(adminDist, 'index.html'));
  // Files are looked up per request (a rebuild while running is served at once);
  // hashed assets are cached for good, index.html never.
  if (hasAdmin)
    await app.register(fastifyStatic, {
      root: adminDist,
      wildcard: true,
      index: 'index.html',
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });

  // Unknown API paths are JSON 404s; every other path is the admin app, which shows its own 404 page.
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || !hasAdmin || (request.method !== 'GET' && request.method !== 'HEAD'))
      return sendError(request, reply, new AppError('not_found', 'error.route_not_found'));
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });

  return app;
};
