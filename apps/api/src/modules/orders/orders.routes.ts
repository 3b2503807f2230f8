import { itemResponse } from '@backoffice/shared/list-query.schema';
import {
  orderCreateSchema,
  orderQuoteRecordSchema,
  orderQuoteSchema,
  orderRecordSchema,
  type Order,
} from '@backoffice/shared/order.schema';
import { serviceContext } from '../../core/context';
import { idempotent } from '../../core/idempotency';
import { exportColumns } from '../../core/export/export-route';
import { registerResource } from '../../core/resource-routes';
import { noProductCatalog, type ProductCatalog } from './product-catalog';
import { createOrdersService, quoteOrder } from './orders.service';
import { orderPaymentRoutes } from './payments.routes';
import type { TypedApp } from '../../core/typed-app';

export type OrdersOptions = { catalog?: ProductCatalog };

const orderAnswerSchema = itemResponse(orderRecordSchema);

/**
 * GET /orders, GET|PATCH|DELETE /orders/{id} from the declaration; POST /orders here, for its
 * `Idempotency-Key` (a double click on "save" never makes two orders); POST /orders/quote, the
 * money of an order being typed, priced by the same code as a save.
 */
export const ordersRoutes = async (app: TypedApp, options: OrdersOptions) => {
  const catalog = options.catalog ?? noProductCatalog;
  const service = createOrdersService(catalog);
  registerResource(app, service, {
    export: exportColumns<Order>(
      {
        code: (order) => order.code,
        created_at: (order) => order.created_at,
        customer: (order) => order.name,
        phone: (order) => order.phone,
        email: (order) => order.email,
        address: (order) =>
          [order.address, order.ward_name, order.province_name].filter(Boolean).join(', '),
        products: (order) =>
          order.products.map((line) => `${line.title} × ${line.quantity}`).join('; '),
        subtotal: (order) => order.subtotal,
        fee: (order) => order.fee,
        total: (order) => order.total,
        status: (order) => order.status,
        payment_method: (order) => order.payment_method,
        payment_status: (order) => order.payment_status,
        note: (order) => order.note,
      },
      {
        status: 'order.status',
        payment_method: 'order.payment_method',
        payment_status: 'order.payment_status',
      },
    ),
  });
  await orderPaymentRoutes(app, service);
  app.post('/api/v1/orders', {
    config: { permission: 'orders.create' },
    schema: {
      tags: ['orders'],
      operationId: 'createOrder',
      summary:
        'Create one order (an Idempotency-Key header makes a repeat answer the first result)',
      body: orderCreateSchema,
      response: { 201: orderAnswerSchema },
    },
    handler: async (request, reply) => {
      const ctx = serviceContext(request);
      const answer = await idempotent(
        ctx,
        {
          scope: 'orders',
          key: request.headers['idempotency-key'],
          body: request.body,
          answer: orderAnswerSchema,
          messages: {
            invalid: 'order.idempotency_key_invalid',
            reused: 'order.idempotency_key_reused',
            inFlight: 'order.idempotency_in_flight',
          },
        },
        async (settle) => {
          const data = await service.create(ctx, request.body, {
            // The key's answer commits with the order: no order is ever left under a key
            // that would let a retry make a second one.
            finish: (tx, record) => settle(tx, { status: 201, body: { data: record } }),
          });
          return { status: 201, body: { data } };
        },
      );
      // The first answer (a 201) is the only one stored and replayed.
      return reply.status(201).send(answer.body);
    },
  });
  app.post('/api/v1/orders/quote', {
    // Whoever may create or edit an order sees what it would cost.
    config: { permission: ['orders.create', 'orders.update'] },
    schema: {
      tags: ['orders'],
      operationId: 'quoteOrder',
      summary:
        "Price an order without saving it: each line's unit price (the customer's agency price by email), discount tier and total, the subtotal, fee and total, exactly as a save would",
      body: orderQuoteSchema,
      response: { 200: itemResponse(orderQuoteRecordSchema) },
    },
    handler: async (request) => ({
      data: await quoteOrder(serviceContext(request), catalog, request.body),
    }),
  });
};
