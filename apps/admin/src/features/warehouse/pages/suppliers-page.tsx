import { ContactPage } from '../components/contact-page';
import { supplierCreateSchema, suppliersApi, supplierUpdateSchema } from '../api/suppliers-api';

/** Suppliers (/warehouse/supplier), with the suppliers.* permissions. */
export const SuppliersPage = () => (
  <ContactPage
    screen="suppliers"
    api={suppliersApi}
    createSchema={supplierCreateSchema}
    updateSchema={supplierUpdateSchema}
    permissions={{
      create: 'suppliers.create',
      update: 'suppliers.update',
      delete: 'suppliers.delete',
    }}
  />
);
