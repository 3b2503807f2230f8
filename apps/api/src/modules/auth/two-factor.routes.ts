import {
  recoveryCodesSchema,
  twoFactorDisableSchema,
  twoFactorEnableSchema,
  twoFactorSetupSchema,
} from '@backoffice/shared/auth.schema';
import { writeAudit } from '../../core/audit';
import { actorOf } from '../../core/auth/guard';
import { verifyPassword } from '../../core/auth/passwords';
import { serviceContext } from '../../core/context';
import { invalid } from '../../core/errors';
import { now } from '../../db/types';
import { sanitizeSvg } from '../../sanitize/svg';
import {
  createSecretSeal,
  newAuthenticator,
  replaceRecoveryCodes,
  stepOfCode,
  twoFactorState,
} from './two-factor';
import type { TypedApp } from '../../core/typed-app';
import { readSetting } from '../settings';

const tags = ['two-factor sign-in'];

/** The otpauth:// address as a QR code, drawn here (no outside service) and sanitized like any SVG. */
const qrSvg = async (url: string) => {
  const { default: QRCode } = await import('qrcode');
  return sanitizeSvg(await QRCode.toString(url, { type: 'svg', margin: 2, width: 200 }));
};

const siteName = async (app: TypedApp) => {
  const name = await readSetting(app.db, 'site_name');
  return name?.trim() || 'Back Office';
};

/** One's own two-factor sign-in: set it up, turn it on with a first code, turn it off. */
export const twoFactorRoutes = async (app: TypedApp) => {
  const seal = createSecretSeal(app.config.appSecret);

  app.post('/api/v1/profile/2fa', {
    config: { permission: 'authenticated', allowTwoFactorSetup: true },
    schema: {
      summary: 'Start setting up two-factor sign-in',
      description:
        'A new authenticator secret, its otpauth:// address and that address as a QR code (SVG). Nothing changes at sign-in until `POST /profile/2fa/enable` with a code of it.',
      tags,
      response: { 200: twoFactorSetupSchema },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const actor = actorOf(request);
      if ((await twoFactorState(ctx.db, actor.user.id))?.enabled_at)
        throw invalid({ code: 'two_factor.already_enabled' });
      const { secret, url } = newAuthenticator(await siteName(app), actor.user.email);
      const sealed = seal.seal(secret);
      await ctx.db
        .insertInto('two_factor_secrets')
        .values({ user_id: actor.user.id, pending_secret: sealed })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ pending_secret: sealed }),
        )
        .execute();
      return { data: { secret, otpauth_url: url, svg: await qrSvg(url) } };
    },
  });

  app.post('/api/v1/profile/2fa/enable', {
    config: { permission: 'authenticated', allowTwoFactorSetup: true },
    schema: {
      summary: 'Turn two-factor sign-in on with a first code',
      description: 'Answers 10 one-time recovery codes, this once.',
      tags,
      body: twoFactorEnableSchema,
      response: { 200: recoveryCodesSchema },
    },
    handler: async (request) => {
      const ctx = serviceContext(request);
      const userId = actorOf(request).user.id;
      const state = await twoFactorState(ctx.db, userId);
      if (state?.enabled_at) throw invalid({ code: 'two_factor.already_enabled' });
      const pending = state?.pending_secret ? seal.open(state.pending_secret) : undefined;
      if (!pending) throw invalid({ code: 'two_factor.setup_first' });
      const step = stepOfCode(pending, request.body.code.trim());
      if (step === undefined) throw invalid({ code: 'two_factor.code_wrong' });
      const codes = await ctx.transaction(async (tx) => {
        await tx
          .updateTable('two_factor_secrets')
          .set({
            secret: state!.pending_secret,
            pending_secret: null,
            enabled_at: now(),
            // the code just typed is spent: it cannot also sign in
            last_step: step,
          })
          .where('user_id', '=', userId)
          .execute();
        const recovery = await replaceRecoveryCodes(tx, userId);
        await writeAudit(tx, ctx.audit, {
          action: 'two_factor',
          entity: 'user',
          entityId: userId,
          details: { enabled: true },
        });
        return recovery;
      });
      return { data: { recovery_codes: codes } };
    },
  });

  app.delete('/api/v1/profile/2fa', {
    config: { permission: 'authenticated' },
    schema: {
      summary: 'Turn two-factor sign-in off',
      tags,
      body: twoFactorDisableSchema,
    },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const userId = actorOf(request).user.id;
      const user = await ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      if (!(await verifyPassword(user.password_hash, request.body.current_password)))
        throw invalid({ current_password: 'password.current_wrong' });
      if (!(await twoFactorState(ctx.db, userId))?.enabled_at)
        throw invalid({ code: 'two_factor.not_enabled' });
      await ctx.transaction(async (tx) => {
        await tx.deleteFrom('two_factor_secrets').where('user_id', '=', userId).execute();
        await tx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
        await writeAudit(tx, ctx.audit, {
          action: 'two_factor',
          entity: 'user',
          entityId: userId,
          details: { enabled: false },
        });
      });
      return reply.status(204).send();
    },
  });
};
