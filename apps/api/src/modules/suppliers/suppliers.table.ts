import type { ContactColumns } from '../contacts/contacts.table';

export type SuppliersTable = ContactColumns;

declare module '../../db/types' {
  interface Database {
    suppliers: SuppliersTable;
  }
}
