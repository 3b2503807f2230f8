import {
  supplierCreateSchema,
  supplierRecordSchema,
  supplierUpdateSchema,
} from '@backoffice/shared/supplier.schema';
import type { Contact } from '@backoffice/shared/contact.schema';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { contactResource } from '../contacts';
import './suppliers.table';
import { exportColumns } from '../../core/export/export-route';
import type { TypedApp } from '../../core/typed-app';

/** Suppliers, with the `suppliers.*` permissions. */
export const suppliersService = createResourceService(
  contactResource({
    path: 'suppliers',
    table: 'suppliers',
    entity: 'supplier',
    inUse: 'supplier.in_use',
    permissions: crudPermissions('suppliers'),
    schemas: {
      create: supplierCreateSchema,
      update: supplierUpdateSchema,
      record: supplierRecordSchema,
    },
  }),
);

export const suppliersRoutes = async (app: TypedApp) =>
  registerResource(app, suppliersService, {
    bulkDelete: true,
    export: exportColumns<Contact>({
      id: (supplier) => supplier.id,
      name: (supplier) => supplier.name,
      phone: (supplier) => supplier.phone,
      email: (supplier) => supplier.email,
      address: (supplier) => supplier.address,
      ward: (supplier) => supplier.ward_name,
      province: (supplier) => supplier.province_name,
      created_at: (supplier) => supplier.created_at,
    }),
  });
