import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createRequire } from 'node:module';
import type nodemailerModule from 'nodemailer';
import type { Config } from '../config';
import { unavailable } from '../core/errors';
import type { Db } from '../db/connection';
import { now } from '../db/types';
import './mail.table';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The account the mail is about, when it is one: decides who may read its secret in the outbox. */
  userId?: number;
  /** A part of `text` that works as a key to the account (a reset link): hidden in the outbox from those who may not manage that account. */
  secret?: string;
};

export type Mailer = {
  /** `smtp` when SMTP_HOST is set; `outbox` otherwise (administrators read the mails in the app). */
  readonly transport: 'smtp' | 'outbox';
  /** Sends or keeps the mail; a mail server that cannot be reached or refuses it is a 503. */
  send: (mail: Mail) => Promise<void>;
  close: () => void;
};

/** Mail through the configured SMTP server, or into the `mail_outbox` table when none is configured. */
export const createMailer = (config: Pick<Config, 'smtp'>, db: Db): Mailer => {
  const { smtp } = config;
  if (!smtp.host) {
    return {
      transport: 'outbox',
      send: async (mail) => {
        await db
          .insertInto('mail_outbox')
          .values({
            recipient: mail.to,
            subject: mail.subject,
            text: mail.text,
            user_id: mail.userId ?? null,
            secret: mail.secret ?? null,
            created_at: now(),
          })
          .execute();
      },
      close: () => undefined,
    };
  }
  // No pooled connection: each mail opens its own, so a server that comes back is used at once.
  // Loaded only when mail goes out through SMTP (it costs about 15 MB).
  const nodemailer = createRequire(import.meta.url)('nodemailer') as typeof nodemailerModule;
  const transporter = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    ...(smtp.user ? { auth: { user: smtp.user, pass: smtp.password ?? '' } } : {}),
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return {
    transport: 'smtp',
    send: async (mail) => {
      try {
        await transporter.sendMail({
          from: smtp.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      } catch (error) {
        throw unavailable('reset.no_mail', error);
      }
    },
    close: () => transporter.close(),
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

/** Decorates the app with its mailer (`app.mailer`), closed with the app. */
export const mailerService = fp(
  async (app: FastifyInstance) => {
    const mailer = createMailer(app.config, app.db);
    app.decorate('mailer', mailer);
    app.addHook('onClose', async () => mailer.close());
  },
  { name: 'mailer', dependencies: ['services'] },
);
