import { randomBytes, randomUUID } from 'node:crypto';
import { itemResponse, listQuerySchema, listResponse } from '@backoffice/shared/list-query.schema';
import { idParam } from '@backoffice/shared/schema-kit';
import {
  WEBHOOK_TEST_EVENT,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookRecordSchema,
  webhookUpdateSchema,
  type Webhook,
  type WebhookEvent,
} from '@backoffice/shared/webhook.schema';
import fp from 'fastify-plugin';
import { serviceContext } from '../../core/context';
import { invalid, notFound } from '../../core/errors';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { fromJson, toBool } from '../../db/types';
import {
  AddressRefusal,
  resolveAllowedAddress,
  systemResolver,
  type AddressPolicy,
  type HostResolver,
} from './address-guard';
import { claimFor, createDeliveryQueue, type DeliveryQueue } from './delivery-queue';
import { listDeliveries, showDelivery } from './webhook-deliveries';
import { deliveryBody, listenForWebhookEvents } from './webhook-events';
import './webhooks.table';
import type { TypedApp } from '../../core/typed-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The webhooks' delivery queue: the server starts it; tests may run a round themselves. */
    webhookQueue: DeliveryQueue;
  }
}

/** A new signing secret: shown once, in the answer that made it. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;

/** An address is checked when it is saved too, so staff learn at once that it will be refused. */
const checkAddress = async (url: string, policy: AddressPolicy) => {
  try {
    await resolveAllowedAddress(new URL(url).hostname, policy);
  } catch (error) {
    if (!(error instanceof AddressRefusal)) throw error;
    throw invalid({
      url: error.reason === 'unresolved' ? 'webhook.url_unresolved' : 'webhook.url_private',
    });
  }
};

export const createWebhooksService = (policy: AddressPolicy) =>
  createResourceService({
    path: 'webhooks',
    table: 'webhooks',
    entity: 'webhook',
    permissions: crudPermissions('webhooks'),
    // the create route is the module's own: its answer carries the secret, once
    routes: ['list', 'show', 'update', 'delete'],
    schemas: {
      create: webhookCreateSchema,
      update: webhookUpdateSchema,
      record: webhookRecordSchema,
    },
    list: {
      columns: ['url', 'events', 'enabled', 'created_at', 'updated_at'],
      search: ['url'],
      sortable: ['url'],
      defaultOrder: ['id', 'desc'],
    },
    toRecord: (row): Webhook => ({
      id: row.id,
      url: row.url,
      events: fromJson<WebhookEvent[]>(row.events),
      enabled: toBool(row.enabled),
      created_at: row.created_at,
      updated_at: row.updated_at,
    }),
    jsonColumns: ['events'],
    hooks: {
      prepare: async (_ctx, { action, input }) => {
        if (input.url !== undefined) await checkAddress(input.url, policy);
        return { values: action === 'create' ? { enabled: true, ...input } : input };
      },
    },
  });

export type WebhooksOptions = {
  /** How host names are resolved (tests answer private and link-local addresses without DNS). */
  resolveHost?: HostResolver;
  /** A try's time limit (tests shorten it). */
  timeoutMs?: number;
};

const webhooksPlugin = async (app: TypedApp, options: WebhooksOptions) => {
  const policy: AddressPolicy = {
    resolve: options.resolveHost ?? systemResolver,
    allowPrivate: app.config.webhookAllowPrivate,
  };
  const queue = createDeliveryQueue({
    ...policy,
    timeoutMs: options.timeoutMs,
    db: app.db,
    engine: app.engine,
    clock: app.clock,
    onError: (error) => app.log.warn({ err: error }, 'webhook delivery round failed'),
  });
  app.decorate('webhookQueue', queue);
  app.addHook('onClose', () => queue.stop());
  listenForWebhookEvents();

  const service = createWebhooksService(policy);
  registerResource(app, service);

  app.post('/api/v1/webhooks', {
    config: { permission: 'webhooks.create' },
    schema: {
      tags: ['webhooks'],
      operationId: 'createWebhook',
      summary: 'Create one webhook; its answer carries the signing secret, shown only this once',
      body: webhookCreateSchema,
      response: { 201: itemResponse(webhookRecordSchema) },
    },
    handler: async (request, reply) => {
      const secret = newSecret();
      const record = await service.create(serviceContext(request), request.body, {
        values: { secret },
      });
      return reply.status(201).send({ data: { ...record, secret } });
    },
  });

  app.post('/api/v1/webhooks/:id/secret', {
    config: { permission: 'webhooks.update' },
    schema: {
      tags: ['webhooks'],
      operationId: 'renewWebhookSecret',
      summary: 'Give a webhook a new signing secret, shown only this once',
      params: idParam,
      response: { 200: itemResponse(webhookRecordSchema) },
    },
    handler: async (request) => {
      const secret = newSecret();
      const record = await service.update(
        serviceContext(request),
        request.params.id,
        {},
        { values: { secret } },
      );
      return { data: { ...record, secret } };
    },
  });

  app.post('/api/v1/webhooks/:id/test', {
    config: { permission: 'webhooks.update' },
    schema: {
      tags: ['webhooks'],
      operationId: 'testWebhook',
      summary: 'Send a test delivery to a webhook now, once, and answer it with its try',
      params: idParam,
      response: { 200: itemResponse(webhookDeliverySchema) },
    },
    handler: async (request) => {
      const id = request.params.id;
      const webhook = await app.db
        .selectFrom('webhooks')
        .select(['id', 'url'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!webhook) throw notFound();
      const moment = app.clock.now();
      const at = moment.toISOString();
      const eventId = randomUUID();
      // made already claimed by this instance: the queue never sends it too
      const { claim, claimed_until } = claimFor(moment);
      const row = await app.db
        .insertInto('webhook_deliveries')
        .values({
          webhook_id: id,
          event: WEBHOOK_TEST_EVENT,
          event_id: eventId,
          body: deliveryBody(WEBHOOK_TEST_EVENT, eventId, at, {
            webhook_id: id,
            url: webhook.url,
          }),
          status: 'pending',
          attempts: 0,
          max_attempts: 1,
          next_attempt_at: at,
          claim,
          claimed_until,
          created_at: at,
          updated_at: at,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queue.deliver(row, claim);
      return { data: await showDelivery(app.db, row.id) };
    },
  });

  app.get('/api/v1/webhooks/:id/deliveries', {
    config: { permission: 'webhooks.list' },
    schema: {
      tags: ['webhooks'],
      operationId: 'listWebhookDeliveries',
      summary: "List a webhook's deliveries, newest first, each with every try and its status",
      params: idParam,
      querystring: listQuerySchema.pick({ page: true, limit: true }),
      response: { 200: listResponse(webhookDeliverySchema) },
    },
    handler: (request) => listDeliveries(app.db, request.params.id, request.query),
  });
};

export const webhooksModule = fp(webhooksPlugin, {
  name: 'webhooks',
  dependencies: ['services'],
});
