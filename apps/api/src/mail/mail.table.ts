import type { Id, Timestamp } from '../db/types';

/** Mails kept for administrators to read when no SMTP server is configured. */
export type MailOutboxTable = {
  id: Id;
  recipient: string;
  subject: string;
  text: string;
  /** The account the mail is about; its `secret` is shown only to those who may manage it. */
  user_id: number | null;
  secret: string | null;
  created_at: Timestamp;
};

declare module '../db/types' {
  interface Database {
    mail_outbox: MailOutboxTable;
  }
}
