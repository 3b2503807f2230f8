import {
  WEBHOOK_EVENTS,
  webhookCreateSchema,
  webhookUpdateSchema,
  type Webhook,
  type WebhookCreate,
  type WebhookDelivery,
  type WebhookUpdate,
} from '@backoffice/shared/webhook.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ItemResponse, type ListResponse } from '../../../lib/api-client';
import { createResourceApi, type Id } from '../../../lib/resource-api';

export { WEBHOOK_EVENTS, webhookCreateSchema, webhookUpdateSchema };
export type { Webhook, WebhookDelivery };

/** GET, POST /webhooks; GET, PATCH, DELETE /webhooks/{id}. */
export const webhooksApi = createResourceApi<Webhook, WebhookCreate, WebhookUpdate>('/webhooks');

const one = (id: Id) => `/webhooks/${encodeURIComponent(String(id))}`;

/** GET /webhooks/{id}/deliveries: a page of deliveries, newest first, each with its tries. */
export const webhookDeliveriesQueryOptions = (id: Id, page: number) =>
  queryOptions({
    queryKey: webhooksApi.keys.itemView(id, 'deliveries', page),
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<WebhookDelivery>>(`${one(id)}/deliveries`, {
        query: { page, limit: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /webhooks/{id}/test: sent at once; answers the delivery with its one try. */
export const sendWebhookTest = (id: Id) =>
  apiRequest<ItemResponse<WebhookDelivery>>(`${one(id)}/test`, { method: 'POST' }).then(
    (response) => response.data,
  );

/** POST /webhooks/{id}/secret: a new signing secret, in this answer only. */
export const renewWebhookSecret = (id: Id) =>
  apiRequest<ItemResponse<Webhook>>(`${one(id)}/secret`, { method: 'POST' }).then(
    (response) => response.data,
  );
