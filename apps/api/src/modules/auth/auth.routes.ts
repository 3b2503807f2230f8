import {
  captchaSchema,
  loginSchema,
  passwordChangeSchema,
  refreshSchema,
  tokenPairSchema,
  type Login,
} from '@backoffice/shared/auth.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../../core/audit';
import { actorOf } from '../../core/auth/guard';
import { hashPassword, verifyPassword } from '../../core/auth/passwords';
import { loadUserPermissions } from '../../core/auth/user-permissions';
import { serviceContext } from '../../core/context';
import { AppError, forbidden, invalid, notFound, tooManyRequests } from '../../core/errors';
import { ERROR_RESPONSES, errorResponse } from '../../core/openapi';
import { now } from '../../db/types';
import { createCaptchaKeys } from './captcha';
import { attemptSucceeded, claimAttempt } from './login-throttle';
import { revokeSessions, rotateRefreshToken, startSession } from './sessions';

export type AuthOptions = {
  /** Test seam: receives each captcha's answer, which the API never sends. */
  onCaptcha?: (id: string, answer: string) => void;
};

export const authRoutes = async (app: FastifyInstance, options: AuthOptions) => {
  const signer = app.tokens;
  const captchas = createCaptchaKeys(app.config.appSecret);

  app.get('/api/v1/captcha', {
    config: { permission: 'public' },
    schema: {
      summary: 'Get a captcha for sign-in',
      tags: ['auth'],
      response: { 200: captchaSchema },
    },
    handler: async () => {
      const { answer, ...captcha } = captchas.create();
      options.onCaptcha?.(captcha.captcha_id, answer);
      return { data: captcha };
    },
  });

  app.post('/api/v1/clients/web/login', {
    config: { permission: 'public' },
    schema: {
      summary: 'Sign in',
      tags: ['auth'],
      body: loginSchema,
      // Too many failed attempts from one address in 15 minutes (login-throttle.ts).
      response: {
        200: tokenPairSchema,
        401: errorResponse(
          'The email or the password is wrong (an unknown email answers the same, code `wrong_login`)',
        ),
        403: errorResponse(
          'The password is right but the account is disabled (`account_disabled`)',
        ),
        429: ERROR_RESPONSES[429],
      },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const body = request.body as Login;
      const ip = request.ip;
      // The attempt counts before the password is checked; a success gives it back.
      const attempt = await claimAttempt(ctx.db, body.email, ip);
      if (attempt.blocked) throw tooManyRequests(attempt.retryAfter);
      if (attempt.captchaRequired && !(await captchas.check(ctx.db, body.captcha_id, body.captcha)))
        throw invalid({ captcha: 'auth.captcha_incorrect' });
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'password_hash', 'status'])
        .where('email', '=', body.email)
        .executeTakeFirst();
      // The same work and the same answer whether the email is unknown or the password wrong.
      const passwordOk = await verifyPassword(user?.password_hash, body.password);
      if (!user || !passwordOk) throw new AppError('wrong_login', 'auth.wrong_login');
      await attemptSucceeded(ctx.db, body.email, ip);
      if (user.status !== 'enable')
        throw new AppError('account_disabled', 'error.account_disabled');
      return ctx.transaction(async (tx) => {
        const tokens = await startSession(tx, signer, user.id, {
          ip,
          userAgent: request.headers['user-agent'] ?? null,
        });
        await writeAudit(
          tx,
          { userId: user.id, ip },
          { action: 'login', entity: 'user', entityId: user.id, details: {} },
        );
        return tokens;
      });
    },
  });

  app.post('/api/v1/clients/web/refresh', {
    config: { permission: 'public' },
    schema: {
      summary: 'Refresh the token pair',
      tags: ['auth'],
      body: refreshSchema,
      response: {
        200: tokenPairSchema,
        401: errorResponse(
          'The refresh token is unknown, expired or already spent (`invalid_token`); a spent one ends its session',
        ),
      },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const outcome = await ctx.transaction((tx) =>
        rotateRefreshToken(tx, signer, (request.body as { refresh_token: string }).refresh_token),
      );
      if (!outcome.ok) throw new AppError('invalid_token', 'error.invalid_token');
      return outcome.tokens;
    },
  });

  app.delete('/api/v1/logout', {
    config: { permission: 'authenticated', allowPasswordChange: true },
    schema: { summary: 'Sign out', tags: ['auth'] },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const actor = actorOf(request);
      await ctx.transaction(async (tx) => {
        await revokeSessions(tx, { sessionId: actor.sessionId });
        await writeAudit(tx, ctx.audit, {
          action: 'logout',
          entity: 'user',
          entityId: actor.user.id,
          details: {},
        });
      });
      return reply.status(204).send();
    },
  });

  app.patch('/api/v1/users/:id/password', {
    config: { permission: 'authenticated', allowPasswordChange: true },
    schema: {
      summary: 'Change a password',
      tags: ['auth'],
      params: idParam,
      body: passwordChangeSchema,
    },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const actor = actorOf(request);
      const { id } = request.params as { id: number };
      const body = request.body as { current_password?: string; new_password: string };
      const self = id === actor.user.id;
      // Someone else's password only with users.update, and only for a user
      // who holds nothing the actor lacks (no taking over a stronger account).
      if (!self) {
        if (!actor.permissions.has('users.update') || actor.user.mustChangePassword)
          throw forbidden();
        const target = await loadUserPermissions(ctx.db, id);
        if (
          (target.isSuperAdmin && !actor.isSuperAdmin) ||
          target.permissions.some((key) => !actor.permissions.has(key))
        )
          throw forbidden();
      }
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'password_hash'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!user) throw notFound();
      if (self) {
        if (!body.current_password) throw invalid({ current_password: 'password.required' });
        if (!(await verifyPassword(user.password_hash, body.current_password)))
          throw invalid({ current_password: 'password.current_wrong' });
        if (body.current_password === body.new_password)
          throw invalid({ new_password: 'password.same' });
      }
      const passwordHash = await hashPassword(body.new_password);
      await ctx.transaction(async (tx) => {
        const stamp = now();
        await tx
          .updateTable('users')
          .set({
            password_hash: passwordHash,
            must_change_password: false,
            password_changed_at: stamp,
            updated_at: stamp,
          })
          .where('id', '=', id)
          .execute();
        // Every other session of that user ends now; one's own stays signed in.
        await revokeSessions(tx, {
          userId: id,
          exceptSessionId: self ? actor.sessionId : undefined,
        });
        await writeAudit(tx, ctx.audit, {
          action: 'password',
          entity: 'user',
          entityId: id,
          details: { by: actor.user.id },
        });
      });
      return reply.status(204).send();
    },
  });
};
