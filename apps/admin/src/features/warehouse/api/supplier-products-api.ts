import type { SupplierProduct } from '@backoffice/shared/supplier-stock.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import { slipsApi } from './slips-api';

export type { SupplierProduct };

type Params = { page: number; limit: number };

/** GET /suppliers/{id}/products: what a supplier delivered, per product. */
export const getSupplierProducts = (id: number, params: Params, signal?: AbortSignal) =>
  apiRequest<ListResponse<SupplierProduct>>(`/suppliers/${id}/products`, {
    query: params,
    signal,
  });

// The figures come from the slips, so they live under the slips' key: creating or cancelling
// a slip reads them again.
export const supplierProductsQueryOptions = (id: number, params: Params) =>
  queryOptions({
    queryKey: slipsApi.keys.view('supplier-products', id, params),
    queryFn: ({ signal }) => getSupplierProducts(id, params, signal),
    placeholderData: keepPreviousData,
  });

/** A supplier's import slips, newest first: the slip list filtered by supplier. */
export const supplierImportsQueryOptions = (id: number, params: Params) =>
  slipsApi.listQueryOptions({ ...params, supplier_id: id, style: 'import' });
