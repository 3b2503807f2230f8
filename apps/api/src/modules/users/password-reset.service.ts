import { randomBytes } from 'node:crypto';
import { translate } from '@backoffice/shared/messages/catalog';
import { writeAudit } from '../../core/audit';
import { actorOf } from '../../core/auth/guard';
import { assertMayManageAccount } from '../../core/auth/outranks';
import { sha256 } from '../../core/auth/tokens';
import type { ServiceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import type { Mailer } from '../../mail/mailer';
import { newPassword, storePassword } from '../auth';
import { spendResetToken, storeResetToken } from './users.repository';

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

const findTarget = async (ctx: ServiceContext, userId: number) => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound();
  await assertMayManageAccount(ctx.db, actorOf(ctx), userId);
  return user;
};

/**
 * The two reset modes. `default`: a one-time password made here,
 * shown once to the administrator, to be changed at the next sign-in.
 * `mail`: a link with a single-use token that expires; only its hash is kept.
 * Both end the user's sessions once the password changes.
 */
export const passwordResetService = {
  async resetToDefault(ctx: ServiceContext, userId: number) {
    const actor = actorOf(ctx);
    await findTarget(ctx, userId);
    const password = randomBytes(12).toString('base64url');
    const columns = await newPassword(password, { mustChange: true });
    await ctx.transaction((tx) =>
      storePassword(tx, ctx.audit, {
        userId,
        columns,
        keepSessionId: userId === actor.user.id ? actor.sessionId : undefined,
        details: { mode: 'default', by: actor.user.id },
      }),
    );
    return { mode: 'default' as const, password };
  },

  /**
   * The mail goes out first and the link is stored after: a mail server that cannot be
   * reached or refuses the mail is a 503 and leaves nothing behind (no link, no audit entry).
   */
  async sendResetLink(
    ctx: ServiceContext,
    userId: number,
    options: { mailer: Mailer; linkBase: string },
  ) {
    const actor = actorOf(ctx);
    const user = await findTarget(ctx, userId);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_LINK_MINUTES * 60_000).toISOString();
    const link = `${options.linkBase.replace(/\/+$/, '')}/reset-password?token=${token}`;
    await options.mailer.send({
      to: user.email,
      subject: translate(ctx.locale, 'mail.reset_subject'),
      text: translate(ctx.locale, 'mail.reset_body', {
        name: user.name,
        email: user.email,
        link,
        expires: expiresAt.slice(0, 16).replace('T', ' '),
      }),
      userId,
      secret: link,
    });
    await ctx.transaction(async (tx) => {
      await storeResetToken(tx, userId, sha256(token), expiresAt);
      await writeAudit(tx, ctx.audit, {
        action: 'password',
        entity: 'user',
        entityId: userId,
        details: { mode: 'mail', by: actor.user.id },
      });
    });
    return { mode: 'mail' as const, expires_at: expiresAt };
  },

  /** The public half: a reset link's token and the new password. */
  async complete(ctx: ServiceContext, token: string, password: string) {
    const columns = await newPassword(password, { mustChange: false });
    await ctx.transaction(async (tx) => {
      const userId = await spendResetToken(tx, sha256(token));
      if (userId === undefined) throw invalid({ token: 'reset.token_invalid' });
      await storePassword(
        tx,
        { ...ctx.audit, userId },
        {
          userId,
          columns,
          details: { mode: 'link' },
        },
      );
    });
  },
};
