import { z } from 'zod';

/** One mail of the outbox (`GET /mail/outbox`), kept where no mail server is set. */
export const outboxMailSchema = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** The mail's secret (a reset link) is hidden from this reader: it belongs to an account they may not manage. */
  redacted: z.boolean(),
  created_at: z.string(),
});

export type OutboxMail = z.infer<typeof outboxMailSchema>;
