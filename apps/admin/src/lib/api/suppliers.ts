import {
  type Supplier,
  type SupplierCreate,
  supplierCreateSchema,
  type SupplierUpdate,
  supplierUpdateSchema,
} from '@backoffice/shared/supplier.schema';
import { createResourceApi } from '../resource-api';

export { supplierCreateSchema, supplierUpdateSchema, type Supplier };

/** GET, POST /suppliers; GET, PATCH, DELETE /suppliers/{id}. */
export const suppliersApi = createResourceApi<Supplier, SupplierCreate, SupplierUpdate>(
  '/suppliers',
  { bulkDelete: true },
);
