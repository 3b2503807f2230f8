import { z } from 'zod';
import { requiredText, timestamps } from './schema-kit';

/** What a website may hear about: each is sent once the change that caused it has committed. */
export const WEBHOOK_EVENTS = [
  'post.published',
  'post.updated',
  'post.unpublished',
  'post.deleted',
  'menu.updated',
  'slider.updated',
  'widget.updated',
  'settings.updated',
  'order.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The event of the "send test" button: sent to one webhook only, never subscribed to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Tries of one delivery: the first, then after 1, 5, 30, 120 and 360 minutes. */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 360] as const;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

const webhookFields = {
  url: requiredText({ max: 2000, required: 'webhook.url_required' }).regex(
    /^https?:\/\/[^\s/?#]+[^\s]*$/i,
    { error: 'webhook.url_invalid' },
  ),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: 'webhook.event_invalid' }), {
      error: 'webhook.events_required',
    })
    .min(1, { error: 'webhook.events_required' })
    .max(WEBHOOK_EVENTS.length)
    .transform((events) => [...new Set(events)]),
  enabled: z.boolean({ error: 'validation.invalid_value' }).optional(),
};

export const webhookCreateSchema = z.strictObject(webhookFields);
export const webhookUpdateSchema = z.strictObject(webhookFields).partial();

export const webhookRecordSchema = z.object({
  id: z.number(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** Only in the answer that made it (a create, a new secret): it is never shown again. */
  secret: z.string().optional(),
  ...timestamps,
});

/** One try of a delivery: the answer's status, or why there was none. */
export const webhookTrySchema = z.object({
  attempt: z.number(),
  at: z.string(),
  status_code: z.number().nullable(),
  /** `timeout`, `refused_address`, `connection_failed`, … when no answer came. */
  error: z.string().nullable(),
  duration_ms: z.number(),
});

export const webhookDeliverySchema = z.object({
  id: z.number(),
  webhook_id: z.number(),
  event: z.string(),
  /** The `id` of the body sent: the same on every try, so a receiver can drop repeats. */
  event_id: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  /** When the next try is due; null once delivered or given up. */
  next_attempt_at: z.string().nullable(),
  tries: z.array(webhookTrySchema),
  ...timestamps,
});

export type Webhook = z.infer<typeof webhookRecordSchema>;
export type WebhookCreate = z.infer<typeof webhookCreateSchema>;
export type WebhookUpdate = z.infer<typeof webhookUpdateSchema>;
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export type WebhookTry = z.infer<typeof webhookTrySchema>;
