import { sessionListSchema, type SessionRecord } from '@backoffice/shared/auth.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { writeAudit } from '../../core/audit';
import { actorOf } from '../../core/auth/guard';
import { assertOutranks } from '../../core/auth/outranks';
import { serviceContext } from '../../core/context';
import { notFound } from '../../core/errors';
import type { Db } from '../../db/connection';
import { now } from '../../db/types';
import { revokeSessions } from './sessions';
import type { TypedApp } from '../../core/typed-app';

const tags = ['sessions'];
const sessionParam = z.strictObject({ sid: z.string().max(100) });
const userSessionParams = idParam.extend({ sid: z.string().max(100) });

/** The user's sessions that still work, the most recently used first. */
const listSessions = async (db: Db, userId: number, currentId?: string) => {
  const stamp = now();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'created_at', 'last_used_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', stamp)
    .orderBy('last_used_at', 'desc')
    .orderBy('id')
    .execute();
  return rows.map((row): SessionRecord => ({
    id: row.id,
    created_at: String(row.created_at),
    last_used_at: String(row.last_used_at),
    ip: row.ip,
    user_agent: row.user_agent,
    current: row.id === currentId,
  }));
};

/** Ends one working session of the user (404 when the user has no such session). */
const endSession = async (request: FastifyRequest, userId: number, sessionId: string) => {
  const ctx = serviceContext(request);
  await ctx.transaction(async (tx) => {
    const session = await tx
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', sessionId)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    if (!session) throw notFound();
    await revokeSessions(tx, { sessionId });
    await writeAudit(tx, ctx.audit, {
      action: 'session',
      entity: 'user',
      entityId: userId,
      details: { ended: sessionId },
    });
  });
};

/**
 * Sessions: one's own, and those of accounts one may manage (every permission they hold, a
 * super-admin's only by a super-admin). Ending one refuses its tokens from the next request.
 */
export const sessionsRoutes = async (app: TypedApp) => {
  app.get('/api/v1/profile/sessions', {
    config: { permission: 'authenticated' },
    schema: { summary: 'List my sessions', tags, response: { 200: sessionListSchema } },
    handler: async (request) => {
      const actor = actorOf(request);
      return { data: await listSessions(app.db, actor.user.id, actor.sessionId) };
    },
  });

  app.delete('/api/v1/profile/sessions/:sid', {
    config: { permission: 'authenticated' },
    schema: { summary: 'End one of my sessions', tags, params: sessionParam },
    handler: async (request, reply) => {
      await endSession(request, actorOf(request).user.id, request.params.sid);
      return reply.status(204).send();
    },
  });

  app.get('/api/v1/users/:id/sessions', {
    config: { permission: 'users.update' },
    schema: {
      summary: "List a user's sessions",
      tags,
      params: idParam,
      response: { 200: sessionListSchema },
    },
    handler: async (request) => {
      const actor = actorOf(request);
      await assertOutranks(app.db, actor, request.params.id);
      return { data: await listSessions(app.db, request.params.id, actor.sessionId) };
    },
  });

  app.delete('/api/v1/users/:id/sessions/:sid', {
    config: { permission: 'users.update' },
    schema: { summary: "End one of a user's sessions", tags, params: userSessionParams },
    handler: async (request, reply) => {
      await assertOutranks(app.db, actorOf(request), request.params.id);
      await endSession(request, request.params.id, request.params.sid);
      return reply.status(204).send();
    },
  });
};
