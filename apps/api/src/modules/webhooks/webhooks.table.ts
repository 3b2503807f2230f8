import type { WebhookDeliveryStatus } from '@backoffice/shared/webhook.schema';
import type { Bool, Id, Json, Timestamp } from '../../db/types';

export type WebhooksTable = {
  id: Id;
  url: string;
  events: Json;
  enabled: Bool;
  /** Signs the bodies: kept as given, since every delivery is signed with it again. */
  secret: string;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WebhookDeliveriesTable = {
  id: Id;
  webhook_id: number;
  event: string;
  event_id: string;
  body: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  max_attempts: number;
  next_attempt_at: Timestamp | null;
  /** Which instance's try holds the delivery, and until when (then another may take it). */
  claim: string | null;
  claimed_until: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
};

export type WebhookTriesTable = {
  id: Id;
  delivery_id: number;
  attempt: number;
  at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

declare module '../../db/types' {
  interface Database {
    webhooks: WebhooksTable;
    webhook_deliveries: WebhookDeliveriesTable;
    webhook_tries: WebhookTriesTable;
  }
}
