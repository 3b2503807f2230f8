import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * The app as its routes see it. Every route is validated by its zod schemas (the app's
 * validator compiler), so a handler's `request.body`, `params` and `query` have the types of
 * the route's declared schemas, and what it answers is checked against its `response` schemas:
 * a handler never casts a request part.
 */
export type TypedApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * A request part as a handler receives it when its schema's output is `T` (Fastify reads a
 * part without a schema as `unknown`). Generic routes (core/resource-routes.ts) hand it on to
 * services declared over `T`; for any concrete `T` it is `T` itself.
 */
export type Validated<T> = [T] extends [undefined] ? unknown : T;
