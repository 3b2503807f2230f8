import { translate, type Locale } from '@backoffice/shared/messages/catalog';
import { verifyPassword } from '../../core/auth/passwords';
import type { ServiceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import type { Mailer } from '../../mail/mailer';

export type EmailChange = { userId: number; name: string; from: string; to: string };

/**
 * One's own sign-in email moves only with the current password: whoever holds a stolen
 * session must not be able to move the account to an address of their own. Answers the
 * change to announce, or nothing when the email stays as it is.
 */
export const checkOwnEmailChange = async (
  ctx: ServiceContext,
  userId: number,
  email: string | undefined,
  currentPassword: string | undefined,
): Promise<EmailChange | undefined> => {
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'password_hash'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw notFound();
  if (email === undefined || email === user.email) return undefined;
  const errors: Record<string, string> = {};
  // Checked here too, so that the notice never announces a change the database then refuses.
  const taken = await ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .where('id', '!=', userId)
    .executeTakeFirst();
  if (taken) errors.email = 'email.exists';
  if (!currentPassword) errors.current_password = 'password.required';
  else if (!(await verifyPassword(user.password_hash, currentPassword)))
    errors.current_password = 'password.current_wrong';
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return { userId, name: user.name, from: user.email, to: email };
};

/**
 * The old address hears of the change, so that its owner learns of a takeover. It is sent
 * before the change is written: a mail server that cannot take it is a 503 and nothing changes.
 */
export const announceEmailChange = (mailer: Mailer, change: EmailChange, locale: Locale) =>
  mailer.send({
    to: change.from,
    userId: change.userId,
    subject: translate(locale, 'mail.email_changed_subject'),
    text: translate(locale, 'mail.email_changed_body', {
      name: change.name,
      old: change.from,
      new: change.to,
      time: new Date().toISOString().slice(0, 16).replace('T', ' '),
    }),
  });
