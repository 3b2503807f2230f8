import {
  supplierCreateSchema,
  supplierRecordSchema,
  supplierUpdateSchema,
} from '@backoffice/shared/supplier.schema';
import type { FastifyInstance } from 'fastify';
import { createResourceService, crudPermissions } from '../../core/resource';
import { registerResource } from '../../core/resource-routes';
import { contactResource } from '../contacts/contact-resource';
import './suppliers.table';

/** Suppliers, with the `suppliers.*` permissions. */
export const suppliersService = createResourceService(
  contactResource({
    path: 'suppliers',
    table: 'suppliers',
    entity: 'supplier',
    permissions: crudPermissions('suppliers'),
    schemas: {
      create: supplierCreateSchema,
      update: supplierUpdateSchema,
      record: supplierRecordSchema,
    },
  }),
);

export const suppliersRoutes = async (app: FastifyInstance) =>
  registerResource(app, suppliersService);
