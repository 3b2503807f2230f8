import type { SupplierProduct } from '@backoffice/shared/supplier-stock.schema';
import { readOnlySource } from '../../../lib/api/list-queries';
import { slipsApi } from './slips-api';

export type { SupplierProduct };

/**
 * GET /suppliers/{id}/products: what a supplier delivered, per product. The figures come from
 * the slips, so they live under the slips' key: creating or cancelling a slip reads them again.
 */
export const supplierProductsSource = (id: number) =>
  readOnlySource<SupplierProduct>(
    `/suppliers/${id}/products`,
    slipsApi.keys.view('supplier-products', id),
  );
