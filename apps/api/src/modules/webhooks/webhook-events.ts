import { randomUUID } from 'node:crypto';
import { WEBHOOK_EVENTS, WEBHOOK_RETRY_MINUTES } from '@backoffice/shared/webhook.schema';
import { on, type EventPayload } from '../../core/events';
import type { Db } from '../../db/connection';
import { fromJson } from '../../db/types';
import { nudgeRunningQueues } from './delivery-queue';

/** The first try and one per retry wait. */
export const MAX_ATTEMPTS = WEBHOOK_RETRY_MINUTES.length + 1;

/** The body every receiver gets: `{event, id, at, data}`, the same bytes on every try. */
export const deliveryBody = (event: string, id: string, at: string, data: EventPayload) =>
  JSON.stringify({ event, id, at, data });

/**
 * A delivery for each enabled webhook that listens to the event, written in the transaction of
 * the change: it is sent once that change has committed (the queue cannot see it before), and
 * never when it rolled back.
 */
const queueDeliveries = async (event: string, data: EventPayload, tx: Db, moment: Date) => {
  const webhooks = await tx
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('enabled', '=', true)
    .execute();
  const listening = webhooks.filter((webhook) =>
    fromJson<string[]>(webhook.events).includes(event),
  );
  if (listening.length === 0) return;
  const at = moment.toISOString();
  const eventId = randomUUID();
  const body = deliveryBody(event, eventId, at, data);
  await tx
    .insertInto('webhook_deliveries')
    .values(
      listening.map((webhook) => ({
        webhook_id: webhook.id,
        event,
        event_id: eventId,
        body,
        status: 'pending' as const,
        attempts: 0,
        max_attempts: MAX_ATTEMPTS,
        next_attempt_at: at,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  nudgeRunningQueues();
};

let listening = false;
/** Listens to every webhook event once per process (apps built in one process share it). */
export const listenForWebhookEvents = () => {
  if (listening) return;
  listening = true;
  for (const event of WEBHOOK_EVENTS) on(event, queueDeliveries);
};
