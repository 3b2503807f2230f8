import type { FastifyReply, FastifyRequest } from 'fastify';

/** Where a caller stands against one limit: how many it allows, how many are used, when it resets. */
export type RateState = { limit: number; used: number; resetSeconds: number };

/**
 * A route that refuses by rate tells its caller where it stands on every answer, the refusals
 * of its schema included, in the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and
 * `RateLimit-Reset` (seconds), so a client slows down before its 429. The state is read when
 * the answer is sent, after the route has counted the request. The description declares these
 * headers on the answers of every operation that declares a 429 (`finishDescription`).
 */
export const rateLimitHeaders =
  (read: (request: FastifyRequest) => Promise<RateState>) =>
  async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    try {
      const state = await read(request);
      reply
        .header('ratelimit-limit', String(state.limit))
        .header('ratelimit-remaining', String(Math.max(0, state.limit - state.used)))
        .header('ratelimit-reset', String(state.resetSeconds));
    } catch {
      // The database could not be read: the answer (most likely already about that) goes out
      // without them rather than not at all.
    }
    return payload;
  };
