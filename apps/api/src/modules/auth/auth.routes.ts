import {
  captchaSchema,
  loginAnswerSchema,
  loginSchema,
  passwordChangeSchema,
  refreshSchema,
  tokenPairSchema,
  twoFactorLoginSchema,
} from '@backoffice/shared/auth.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import type { FastifyRequest } from 'fastify';
import { writeAudit } from '../../core/audit';
import { actorOf } from '../../core/auth/guard';
import { assertMayManageAccount } from '../../core/auth/outranks';
import { verifyPassword } from '../../core/auth/passwords';
import { serviceContext } from '../../core/context';
import { AppError, invalid, notFound, tooManyRequests } from '../../core/errors';
import { ERROR_RESPONSES, errorResponse } from '../../core/openapi';
import { rateLimitHeaders } from '../../core/rate-limit-headers';
import { createCaptchaKeys } from './captcha';
import { addressState, attemptSucceeded, claimAttempt } from './login-throttle';
import { newPassword, storePassword } from './password-store';
import { revokeSessions, rotateRefreshToken, startSession } from './sessions';
import { sessionsRoutes } from './sessions.routes';
import { twoFactorRoutes } from './two-factor.routes';
import { createSignInChallenges } from './sign-in-challenge';
import {
  createSecretSeal,
  spendRecoveryCode,
  spendStep,
  stepOfCode,
  twoFactorState,
} from './two-factor';
import type { TypedApp } from '../../core/typed-app';

/** Sign-in and its two-factor step count against one address's limit; each answer says where it stands. */
const addressRate = rateLimitHeaders((request) =>
  addressState(serviceContext(request).db, request.ip),
);

export const authRoutes = async (app: TypedApp) => {
  const signer = app.tokens;
  const captchas = createCaptchaKeys(app.config.appSecret);
  const challenges = createSignInChallenges(app.config.appSecret);
  const seal = createSecretSeal(app.config.appSecret);
  await twoFactorRoutes(app);
  await sessionsRoutes(app);

  /** A new session for a user who has proven who they are, with its audit entry. */
  const openSession = (request: FastifyRequest, userId: number, details: Record<string, string>) =>
    serviceContext(request).transaction(async (tx) => {
      const tokens = await startSession(tx, signer, userId, {
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
      });
      await writeAudit(
        tx,
        { userId, ip: request.ip },
        { action: 'login', entity: 'user', entityId: userId, details },
      );
      return tokens;
    });

  app.get('/api/v1/captcha', {
    config: { permission: 'public' },
    schema: {
      summary: "Get a captcha for sign-in (a proof-of-work challenge in ALTCHA's form)",
      tags: ['auth'],
      response: { 200: captchaSchema },
    },
    handler: async () => ({ data: await captchas.create() }),
  });

  app.post('/api/v1/clients/web/login', {
    config: { permission: 'public' },
    schema: {
      summary: 'Sign in',
      description:
        'Answers the token pair, or `{two_factor: true, challenge}` for a user with two-factor sign-in: `POST /login/2fa` with a code then answers the tokens.',
      tags: ['auth'],
      body: loginSchema,
      // Too many failed attempts from one address in 15 minutes (login-throttle.ts).
      response: {
        200: loginAnswerSchema,
        401: errorResponse(
          'The email or the password is wrong (an unknown email answers the same, code `wrong_login`)',
        ),
        403: errorResponse(
          'The password is right but the account is disabled (`account_disabled`)',
        ),
        429: ERROR_RESPONSES[429],
      },
    },
    onSend: addressRate,
    handler: async (request) => {
      const ctx = serviceContext(request);
      const body = request.body;
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
      if ((await twoFactorState(ctx.db, user.id))?.enabled_at)
        return { two_factor: true as const, challenge: await challenges.issue(user.id) };
      return openSession(request, user.id, {});
    },
  });

  app.post('/api/v1/login/2fa', {
    config: { permission: 'public' },
    schema: {
      summary: 'Finish a sign-in with a two-factor code',
      description:
        'A 6-digit code of the authenticator app (each works once) or an unused recovery code. Wrong codes count toward the sign-in limits; after 5 the challenge is spent and the sign-in starts again (422 on `challenge`).',
      tags: ['auth'],
      body: twoFactorLoginSchema,
      response: { 200: tokenPairSchema, 429: ERROR_RESPONSES[429] },
    },
    onSend: addressRate,
    handler: async (request) => {
      const ctx = serviceContext(request);
      const userId = await challenges.read(request.body.challenge);
      if (userId === undefined) throw invalid({ challenge: 'two_factor.challenge_invalid' });
      const user = await ctx.db
        .selectFrom('users')
        .select(['id', 'email', 'status'])
        .where('id', '=', userId)
        .executeTakeFirst();
      const state = user && (await twoFactorState(ctx.db, user.id));
      const secret = state?.enabled_at && state.secret ? seal.open(state.secret) : undefined;
      if (!user || !secret) throw invalid({ challenge: 'two_factor.challenge_invalid' });
      // Codes are guessed like passwords: each try counts, before it is checked.
      const attempt = await claimAttempt(ctx.db, user.email, request.ip);
      if (attempt.blocked) throw tooManyRequests(attempt.retryAfter);
      if (attempt.captchaRequired) throw invalid({ challenge: 'two_factor.too_many' });
      const code = request.body.code.trim();
      const step = stepOfCode(secret, code);
      const method =
        step !== undefined
          ? (await spendStep(ctx.db, user.id, step)) && 'totp'
          : (await spendRecoveryCode(ctx.db, user.id, code)) && 'recovery_code';
      if (!method) throw invalid({ code: 'two_factor.code_wrong' });
      await attemptSucceeded(ctx.db, user.email, request.ip);
      if (user.status !== 'enable')
        throw new AppError('account_disabled', 'error.account_disabled');
      return openSession(request, user.id, { two_factor: method });
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
        rotateRefreshToken(tx, signer, request.body.refresh_token),
      );
      if (!outcome.ok) throw new AppError('invalid_token', 'error.invalid_token');
      return outcome.tokens;
    },
  });

  app.delete('/api/v1/logout', {
    config: { permission: 'authenticated', allowPasswordChange: true, allowTwoFactorSetup: true },
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
      const { id } = request.params;
      const body = request.body;
      const self = id === actor.user.id;
      await assertMayManageAccount(ctx.db, actor, id);
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
      const columns = await newPassword(body.new_password, { mustChange: false });
      // Every other session of that user ends now; one's own stays signed in.
      await ctx.transaction((tx) =>
        storePassword(tx, ctx.audit, {
          userId: id,
          columns,
          keepSessionId: self ? actor.sessionId : undefined,
          details: { by: actor.user.id },
        }),
      );
      return reply.status(204).send();
    },
  });
};
