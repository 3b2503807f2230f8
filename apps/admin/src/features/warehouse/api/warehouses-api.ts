import {
  type Warehouse,
  type WarehouseCreate,
  warehouseCreateSchema,
  type WarehouseUpdate,
  warehouseUpdateSchema,
} from '@backoffice/shared/warehouse.schema';
import { createResourceApi } from '../../../lib/resource-api';

export { warehouseCreateSchema, warehouseUpdateSchema, type Warehouse };

/** GET, POST /warehouses; GET, PATCH, DELETE /warehouses/{id}. */
export const warehousesApi = createResourceApi<Warehouse, WarehouseCreate, WarehouseUpdate>(
  '/warehouses',
);
