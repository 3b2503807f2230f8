import {
  warehouseCreateSchema,
  warehouseRecordSchema,
  warehouseUpdateSchema,
} from '@backoffice/shared/warehouse.schema';
import { createResourceService } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { contactResource } from '../contacts';
import './warehouses.table';
import type { TypedApp } from '../../core/typed-app';

/** Warehouses: `manage-warehouses` sees them, `edit-warehouses` creates, changes and deletes them. */
export const warehousesService = createResourceService(
  contactResource({
    path: 'warehouses',
    inUse: 'warehouse.in_use',
    table: 'warehouses',
    entity: 'warehouse',
    permissions: {
      list: 'manage-warehouses',
      show: 'manage-warehouses',
      create: 'edit-warehouses',
      update: 'edit-warehouses',
      delete: 'edit-warehouses',
    },
    schemas: {
      create: warehouseCreateSchema,
      update: warehouseUpdateSchema,
      record: warehouseRecordSchema,
    },
  }),
);

export const warehousesRoutes = async (app: TypedApp) =>
  registerResource(app, warehousesService, { bulkDelete: true });
