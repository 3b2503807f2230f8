import type { ListParams, ListResponse } from '../../../lib/api-client';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { createResourceApi } from '../../../lib/resource-api';
import type { FieldOption, OptionsSource } from '../../../lib/options';
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
const postsApi = createResourceApi<PostRow>('/posts');

/**
 * Posts searched on the server as one types (folded). The list does not say which are
 * products; the server refuses a line naming any other post, on that line.
 */
export const productOptions: OptionsSource = {
  key: ['/posts', 'list', 'slip-product-options'],
  remoteSearch: true,
  load: (search, signal) =>
    postsApi
      .list({ limit: 20, search: search || undefined }, signal)
      .then((response) =>
        response.data.map((post): FieldOption => ({ value: post.id, label: post.title })),
      ),
};
