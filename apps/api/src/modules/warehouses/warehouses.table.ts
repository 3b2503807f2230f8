import type { ContactColumns } from '../contacts/contacts.table';

export type WarehousesTable = ContactColumns;

declare module '../../db/types' {
  interface Database {
    warehouses: WarehousesTable;
  }
}
