import {
  type Warehouse,
  warehouseCreateSchema,
  warehouseUpdateSchema,
} from '@backoffice/shared/warehouse.schema';
import { warehousesApi } from '../../../lib/api/warehouses';

export { warehouseCreateSchema, warehouseUpdateSchema, type Warehouse };

/** GET, POST /warehouses; GET, PATCH, DELETE /warehouses/{id}. */
export { warehousesApi };
