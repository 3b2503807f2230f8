import { queryOptions } from '@tanstack/react-query';
import { readOnlySource } from '../../../lib/api/list-queries';
import { ordersResourceApi } from '../../../lib/api/orders';
import { postsApi } from '../../../lib/api/posts';
import type { ListParams } from '../../../lib/api-client';
import { ApiError, apiRequest, type ItemResponse } from '../../../lib/api-client';
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
      // read through the list (there is no GET of one slip): none is what a 404 says
      if (!slip) throw new ApiError(404, { code: 'not_found' });
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

/** A printable slip: the slip as its print page reads it. */
export const slipPrintQueryOptions = (id: number) =>
  queryOptions({
    queryKey: slipsApi.keys.itemView(id, 'print'),
    queryFn: ({ signal }) => slipsApi.get(id, signal),
  });

/** GET /warehouses/products: the stock figures per product and warehouse (only read). */
export const stockApi = readOnlySource<StockRow>('/warehouses/products', ['/warehouses/products']);

/** GET /warehouses/change/items: a product's movements (only read). */
export const movementsApi = readOnlySource<Movement>('/warehouses/change/items', [
  '/warehouses/change/items',
]);

const alertsKeys = { all: ['/warehouses/alerts'] as const };

/** GET /warehouses/alerts. */
export const alertsApi = {
  keys: alertsKeys,
  get: (params: ListParams, signal?: AbortSignal) =>
    apiRequest<ItemResponse<StockAlerts>>('/warehouses/alerts', { query: params, signal }).then(
      (response) => response.data,
    ),
};
export const alertsQueryOptions = (warehouseId: string | undefined) =>
  queryOptions({
    queryKey: [...alertsKeys.all, warehouseId ?? null],
    queryFn: ({ signal }) => alertsApi.get({ warehouse_id: warehouseId }, signal),
  });

/** Products searched on the server as one types (folded); other posts never show. */
export const productOptions = optionsFromList(
  postsApi,
  (post) => ({ value: post.id, label: post.title }),
  { limit: 20, style: 'product' },
);

/**
 * Orders searched on the server by code, name or phone: an export slip of an order takes the
 * order's lines when it has none of its own.
 */
export const orderOptions = optionsFromList(
  ordersResourceApi,
  (order) => ({ value: order.id, label: `${order.code} · ${order.name}` }),
  { limit: 20 },
);
