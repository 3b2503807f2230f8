import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { API_PREFIX } from './auth/guard';
import { AppError, invalid } from './errors';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type RouteSchema =
  { body?: unknown; querystring?: unknown; consumes?: readonly string[] } | undefined;

const refuseBody = (body: unknown) => {
  if (body === undefined || body === null) return;
  if (typeof body !== 'object' || Array.isArray(body)) throw invalid({ _: 'validation.invalid' });
  const fields = Object.keys(body);
  if (fields.length > 0)
    throw invalid(Object.fromEntries(fields.map((field) => [field, 'validation.unknown_field'])));
};

const refuseQuery = (query: unknown) => {
  const parameters = query && typeof query === 'object' ? Object.keys(query) : [];
  if (parameters.length > 0)
    throw invalid(
      Object.fromEntries(parameters.map((name) => [name, 'validation.unknown_parameter'])),
    );
};

/**
 * What a route takes in its address is declared too: a route without a query schema (one
 * record, a figure, an action) takes no query parameter, so one sent to it is a 422 naming it
 * rather than ignored, as a list names a parameter it does not know.
 *
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
      const schema = route.schema as RouteSchema;
      if (schema?.querystring === undefined && !route.config?.ignoresQuery) {
        const queryGuard: preValidationAsyncHookHandler = async (request: FastifyRequest) =>
          refuseQuery(request.query);
        route.preValidation = [...[route.preValidation ?? []].flat(), queryGuard];
      }
      if (![route.method].flat().some((method) => BODY_METHODS.has(method))) return;
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
