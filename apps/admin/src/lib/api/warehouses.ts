import type {
  Warehouse,
  WarehouseCreate,
  WarehouseUpdate,
} from '@backoffice/shared/warehouse.schema';
import { createResourceApi } from '../resource-api';

/** GET, POST /warehouses; GET, PATCH, DELETE /warehouses/{id}. */
export const warehousesApi = createResourceApi<Warehouse, WarehouseCreate, WarehouseUpdate>(
  '/warehouses',
  { bulkDelete: true },
);
