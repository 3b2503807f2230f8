import {
  listQuerySchema,
  listResponse,
  type ListQuery,
} from '@backoffice/shared/list-query.schema';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { paginate, parseListQuery } from '../core/list-query';
import { createMailer, type Mailer } from './mailer';

declare module '../core/deps' {
  interface Deps {
    mailer?: Mailer;
  }
}

/** The mailer of the app, made on first use from `config.smtp`. */
export const mailerOf = (app: FastifyInstance): Mailer =>
  (app.deps.mailer ??= createMailer(app.deps.config, app.deps.db));

const outboxRecord = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_at: z.string(),
});

/**
 * GET /mail/outbox: the mails kept when no SMTP server is configured, newest first.
 * They may hold password reset links, so reading them needs `manage-admins-access`
 * (the permission over other people's access), not just `users.list`.
 */
export const mailModule = fp(
  async (app: FastifyInstance) => {
    app.addHook('onClose', async () => app.deps.mailer?.close());

    app.get('/api/v1/mail/outbox', {
      config: { permission: 'manage-admins-access' },
      schema: {
        tags: ['mail'],
        querystring: listQuerySchema,
        response: { 200: listResponse(outboxRecord) },
      },
      handler: async (request) => {
        const list = parseListQuery(request.query as ListQuery, {
          searchFields: ['to'],
          sortable: [],
          includes: [],
          defaultOrder: ['id', 'desc'],
        });
        const { db } = app.deps;
        let base = db.selectFrom('mail_outbox');
        const to = list.fields.find((f) => f.field === 'to')?.value ?? list.term;
        if (to) base = base.where('recipient', '=', to.toLowerCase());
        const [column, direction] = list.order as ['id' | 'created_at', 'asc' | 'desc'];
        const rows = await base
          .selectAll()
          .orderBy(column, direction)
          .orderBy('id', direction)
          .limit(list.limit)
          .offset((list.page - 1) * list.limit)
          .execute();
        const total = Number(
          (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n,
        );
        const data = rows.map((row) => ({
          id: row.id,
          to: row.recipient,
          subject: row.subject,
          text: row.text,
          created_at: row.created_at,
        }));
        return { data, meta: { pagination: paginate(data.length, total, list) } };
      },
    });
  },
  { name: 'mail', dependencies: ['deps'] },
);
