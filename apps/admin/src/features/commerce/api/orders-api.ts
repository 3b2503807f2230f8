import {
  ORDER_CREATE_STATUSES,
  ORDER_STATUSES,
  canMoveOrder,
  hasLeftWarehouse,
  isOrderEditable,
  nextOrderStatus,
  orderCreateSchema,
  orderQuoteSchema,
  orderUpdateSchema,
  type Order,
  type Letterhead,
  type OrderCreate,
  type OrderLine,
  type OrderQuote,
  type OrderQuoteInput,
  type OrderStatus,
} from '@backoffice/shared/order.schema';
import { queryOptions } from '@tanstack/react-query';
import { ordersResourceApi as resource } from '../../../lib/api/orders';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';

export {
  ORDER_CREATE_STATUSES,
  ORDER_STATUSES,
  canMoveOrder,
  hasLeftWarehouse,
  isOrderEditable,
  nextOrderStatus,
  orderCreateSchema,
  orderQuoteSchema,
  orderUpdateSchema,
  type Order,
  type OrderLine,
  type OrderQuote,
  type OrderQuoteInput,
  type OrderStatus,
};

// The key of a create that has not succeeded yet, kept for the same body: a second click on
// "save" (or a retry after a lost answer) sends the same key, and the server makes one order.
let pending: { body: string; key: string } | null = null;

const idempotencyKey = (body: OrderCreate) => {
  const text = JSON.stringify(body);
  if (pending?.body !== text) pending = { body: text, key: crypto.randomUUID() };
  return pending.key;
};

/** POST /orders with an Idempotency-Key. */
const createOrder = async (body: OrderCreate) => {
  const key = idempotencyKey(body);
  const response = await apiRequest<ItemResponse<Order>>('/orders', {
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': key },
  });
  if (pending?.key === key) pending = null;
  return response.data;
};

/** GET, POST /orders; GET, PATCH, DELETE /orders/{id}. */
export const ordersApi = { ...resource, create: createOrder };

/**
 * POST /orders/quote: what the order being typed costs, priced by the server exactly as saving
 * it would (the customer's agency price by email, the discount tier reached, the fee).
 */
export const quoteQueryOptions = (body: OrderQuoteInput) =>
  queryOptions({
    queryKey: resource.keys.view('quote', body),
    queryFn: ({ signal }) =>
      apiRequest<ItemResponse<OrderQuote>>('/orders/quote', { method: 'POST', body, signal }).then(
        (response) => response.data,
      ),
  });

export const letterheadQueryOptions = () =>
  queryOptions({
    queryKey: resource.keys.view('letterhead'),
    queryFn: ({ signal }) =>
      apiRequest<ItemResponse<Letterhead>>('/orders/letterhead', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });
