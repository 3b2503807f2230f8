import nodemailer from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/connection';
import { now } from '../db/types';
import './mail.table';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = {
  /** `smtp` when SMTP_HOST is set; `outbox` otherwise (administrators read the mails in the app). */
  readonly transport: 'smtp' | 'outbox';
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
          .values({ recipient: mail.to, subject: mail.subject, text: mail.text, created_at: now() })
          .execute();
      },
      close: () => undefined,
    };
  }
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
      await transporter.sendMail({
        from: smtp.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
      });
    },
    close: () => transporter.close(),
  };
};
