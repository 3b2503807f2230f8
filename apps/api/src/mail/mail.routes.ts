import { listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import { outboxMailSchema } from '@backoffice/shared/mail.schema';
import { translate } from '@backoffice/shared/messages/catalog';
import fp from 'fastify-plugin';
import { actorOf } from '../core/auth/guard';
import { mayManage } from '../core/auth/outranks';
import { serviceContext } from '../core/context';
import { createListEngine } from '../core/list-engine';
import { requestLocale } from '../core/locale';
import { mailLinkBase } from './link-base';
import './mail.table';
import type { TypedApp } from '../core/typed-app';

type OutboxRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  user_id: number | null;
  secret: string | null;
  created_at: string;
};

const outbox = createListEngine(
  'mail_outbox',
  {
    search: ['recipient'],
    searchFields: { to: { column: 'recipient', match: 'exact' } },
    defaultOrder: ['id', 'desc'],
  },
  (row): OutboxRow => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    user_id: row.user_id,
    secret: row.secret,
    created_at: row.created_at,
  }),
);

/**
 * GET /mail/outbox: the mails kept when no SMTP server is configured, newest first.
 * They may hold password reset links, so reading them needs `manage-admins-access`
 * (the permission over other people's access), not just `users.list`; and a reader sees a
 * link only in mails about accounts they may manage themselves (the rule of
 * reset-password), so the outbox never hands anyone a key to a stronger account.
 */
export const mailModule = fp(
  async (app: TypedApp) => {
    const { warning } = mailLinkBase(app.config);
    if (warning) app.log.warn(warning);

    app.get('/api/v1/mail/outbox', {
      config: { permission: 'manage-admins-access' },
      schema: {
        summary: 'List the mail outbox',
        tags: ['mail'],
        querystring: listQuerySchema,
        response: { 200: listResponse(outboxMailSchema) },
      },
      handler: async (request) => {
        const page = await outbox.list(serviceContext(request), request.query);
        const actor = actorOf(request);
        const manageable = new Map<number, boolean>();
        for (const id of new Set(
          page.data.map((row) => row.user_id).filter((id): id is number => id !== null),
        ))
          manageable.set(id, await mayManage(app.db, actor, id));
        const hidden = translate(requestLocale(request), 'mail.redacted');
        const data = page.data.map(({ user_id: userId, secret, ...row }) => {
          const redacted = secret !== null && !(userId !== null && manageable.get(userId));
          return {
            ...row,
            text: redacted ? row.text.split(secret).join(hidden) : row.text,
            redacted,
          };
        });
        return { data, meta: page.meta };
      },
    });
  },
  { name: 'mail', dependencies: ['services'] },
);
