import { createRequire } from 'node:module';
import type * as ScalarModule from '@scalar/fastify-api-reference';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type onRequestAsyncHookHandler,
} from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth/guard';

const PREFIX = `${API_PREFIX}/docs`;

// Hop-by-hop and framing headers belong to the inner answer, not to the one relayed.
const NOT_RELAYED = new Set([
  'content-length',
  'connection',
  'date',
  'keep-alive',
  'transfer-encoding',
]);

/**
 * The API reference page (`/api/v1/docs`, Scalar) with the OpenAPI description at
 * `/api/v1/docs/json` and `/yaml`. Scalar's plugin carries a 4 MB browser script that costs
 * about half a second and 40 MB when loaded, and few requests ever want it, so it is loaded
 * on the first request under `/api/v1/docs`, in an inner Fastify instance that reads the
 * description from this app, and its answers are relayed.
 */
export const apiReference = (options: { onRequest?: onRequestAsyncHookHandler } = {}) =>
  fp(
    async (app: FastifyInstance) => {
      let inner: Promise<FastifyInstance> | undefined;
      const load = async () => {
        const { default: scalar } = createRequire(import.meta.url)(
          '@scalar/fastify-api-reference',
        ) as typeof ScalarModule;
        const instance = Fastify({ logger: false });
        // Scalar reads the description through `@fastify/swagger`'s decorator: this app's one.
        await instance.register(
          fp(
            async (target) => {
              target.decorate('swagger', app.swagger.bind(app));
            },
            {
              name: '@fastify/swagger',
            },
          ),
        );
        await instance.register(scalar, {
          routePrefix: PREFIX,
          openApiDocumentEndpoints: { json: '/json', yaml: '/yaml' },
        });
        await instance.ready();
        return instance;
      };

      const relay = async (request: FastifyRequest, reply: FastifyReply) => {
        inner ??= load().catch((error: unknown) => {
          inner = undefined;
          throw error;
        });
        const answer = await (
          await inner
        ).inject({
          method: 'GET',
          url: request.url,
          headers: { host: request.headers.host ?? 'localhost' },
        });
        reply.code(answer.statusCode);
        for (const [name, value] of Object.entries(answer.headers))
          if (value !== undefined && !NOT_RELAYED.has(name)) reply.header(name, value);
        return reply.send(answer.rawPayload);
      };

      const route = {
        schema: { hide: true },
        ...(options.onRequest ? { onRequest: options.onRequest } : {}),
        handler: relay,
      };
      app.get(PREFIX, route);
      app.get(`${PREFIX}/*`, route);
      app.addHook('onClose', async () => {
        if (inner) await (await inner.catch(() => undefined))?.close();
      });
    },
    { name: 'api-reference', dependencies: ['@fastify/swagger'] },
  );
