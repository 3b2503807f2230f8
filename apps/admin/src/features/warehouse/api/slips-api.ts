import type { ListParams, ListResponse } from '../../../lib/api-client';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { createResourceApi } from '../../../lib/resource-api';
import { optionsFromList } from '../../../lib/options';
import {
  SLIP_STATUSES,
  SLIP_STYLES,
  slipFormSchema,
  type Movement,
  type Slip,
  type StockAlerts,
  type StockRow,
} from '@backoffice/shared/warehouse-change.schema';
import type { z } from 'zod';

export { SLIP_STATUSES, SLIP_STYLES, slipFormSchema, type Movement, type Slip, type StockRow };

type SlipForm = z.output<typeof slipFormSchema>;

const base = createResourceApi<Slip, SlipForm>('/warehouses/changes');

/**
 * GET /warehouses/changes (one slip: `?id=`); POST /warehouses/{id}/change with the warehouse
 * chosen in the form; POST /warehouses/change/{id}/cancel.
 */
export const slipsApi = {
  ...base,
  get: (id: string | number, signal?: AbortSignal) =>
    base.list({ id: String(id) } as ListParams, signal).then((response) => {
      const slip = response.data[0];
      if (!slip) throw new Error('not found');
      return slip;
    }),
  create: ({ warehouse_id, ...body }: SlipForm) =>
    apiRequest<ItemResponse<Slip>>(`/warehouses/${warehouse_id}/change`, {
      method: 'POST',
      body,
    }).then((response) => response.data),
  cancel: (id: number) =>
    apiRequest<ItemResponse<Slip>>(`/warehouses/change/${id}/cancel`, { method: 'POST' }).then(
      (response) => response.data,
    ),
};

/** GET /warehouses/products: the stock figures per product and warehouse. */
export const stockApi = {
  keys: { all: ['/warehouses/products'] as const },
  list: (params: ListParams, signal?: AbortSignal) =>
    apiRequest<ListResponse<StockRow>>('/warehouses/products', { query: params, signal }),
};

/** GET /warehouses/change/items: a product's movements. */
export const movementsApi = {
  keys: { all: ['/warehouses/change/items'] as const },
  list: (params: ListParams, signal?: AbortSignal) =>
    apiRequest<ListResponse<Movement>>('/warehouses/change/items', { query: params, signal }),
};

/** GET /warehouses/alerts. */
export const alertsApi = {
  keys: { all: ['/warehouses/alerts'] as const },
  get: (params: ListParams, signal?: AbortSignal) =>
    apiRequest<ItemResponse<StockAlerts>>('/warehouses/alerts', { query: params, signal }).then(
      (response) => response.data,
    ),
};

type PostRow = { id: number; title: string };
type OrderRow = { id: number; code: string; name: string };

/** Products searched on the server as one types (folded); other posts never show. */
export const productOptions = optionsFromList(
  createResourceApi<PostRow>('/posts'),
  (post) => ({ value: post.id, label: post.title }),
  { limit: 20, style: 'product' },
);

/**
 * Orders searched on the server by code, name or phone: an export slip of an order takes the
 * order's lines when it has none of its own.
 */
export const orderOptions = optionsFromList(
  createResourceApi<OrderRow>('/orders'),
  (order) => ({ value: order.id, label: `${order.code} · ${order.name}` }),
  { limit: 20 },
);
