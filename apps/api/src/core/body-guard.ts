import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth/guard';
import { AppError, invalid } from './errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteSchema = { body?: unknown; consumes?: readonly string[] } | undefined;

const refuseBody = (body: unknown) => {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid({ _: 'validation.invalid' });
  const fields = Object.keys(body);
  if (fields.length > 0)
    throw invalid(Object.fromEntries(fields.map((field) => [field, 'validation.unknown_field'])));
};

/**
 * What body a route takes is declared, never guessed: a route with a body schema takes
 * that JSON (its strict schema names any unknown field), a route that reads a form says
 * `consumes: ['multipart/form-data', …]`, and a route with neither (a delete, a sign-out)
 * takes none, so a field sent to it is a 422 naming the field rather than ignored.
 * Multipart sent to a route that does not read forms is a 415.
 */
export const bodyGuard = fp(
  async (app: FastifyInstance) => {
    // No route takes plain text: without Fastify's default parser it is a 415, not a string
    // handed to a schema that wants an object.
    app.removeContentTypeParser('text/plain');
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith(API_PREFIX)) return;
      if (![route.method].flat().some((method) => BODY_METHODS.has(method))) return;
      const schema = route.schema as RouteSchema;
      const takesForm = schema?.consumes?.includes('multipart/form-data') ?? false;
      const takesJson =
        schema?.body !== undefined || (schema?.consumes?.includes('application/json') ?? false);
      const guard: preValidationAsyncHookHandler = async (request: FastifyRequest) => {
        if (request.isMultipart()) {
          if (!takesForm)
            throw new AppError('unsupported_media_type', 'error.unsupported_media_type');
          return;
        }
        if (!takesJson && !takesForm) refuseBody(request.body);
      };
      route.preValidation = [...[route.preValidation ?? []].flat(), guard];
    });
  },
  { name: 'body-guard' },
);
