import { provinceCode } from '@backoffice/shared/address.schema';
import type { Contact } from '@backoffice/shared/contact.schema';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { equalsFilter } from '../../core/list-engine';
import type { ResourceDef, ResourcePermissions, WriteValues } from '../../core/resource';
import { searchText } from '../../core/search';
import type { ColumnOf, TableName } from '../../core/table';
import type { Database } from '../../db/types';
import { addressBook } from '../locations';
import { checkPlace, placeNames } from '../locations';
import type { ContactColumns } from './contacts.table';

type ContactRow = Selectable<ContactColumns>;

/** A table whose rows are contacts with a place. */
export type ContactTable = {
  [TB in TableName]: Database[TB] extends ContactColumns ? TB : never;
}[TableName];

const columns = [
  'name',
  'phone',
  'email',
  'province_code',
  'ward_code',
  'district',
  'address',
  'created_at',
  'updated_at',
] as const;

const toContact = (row: ContactRow): Contact => ({
  id: row.id,
  name: row.name,
  phone: row.phone,
  email: row.email,
  province_code: row.province_code,
  ward_code: row.ward_code,
  ...placeNames(row),
  district: row.district,
  address: row.address,
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/**
 * The declaration of a resource of contacts with a place (warehouses, suppliers): its list
 * (newest first, folded search over the name, contact details and the place's names, a
 * province filter with maintained counts), its record with the province and ward names,
 * and the address rule on every write. A resource gives its path, table, permissions and
 * schemas, and may add hooks and routes of its own.
 */
export const contactResource = <TB extends ContactTable, TCreate, TUpdate>(def: {
  path: string;
  table: TB;
  entity: string;
  permissions: ResourcePermissions;
  schemas: { create: z.ZodType<TCreate>; update: z.ZodType<TUpdate>; record: z.ZodType<Contact> };
  /** The message of a delete refused while other records point at the contact. */
  inUse: string;
}): ResourceDef<TB, Contact, TCreate, TUpdate> => {
  // The rows of a ContactTable are ContactColumns; TypeScript cannot see it through the generic.
  const column = (name: keyof ContactColumns) => name as ColumnOf<TB>;
  const row = (value: unknown) => value as ContactRow;
  return {
    ...def,
    list: {
      columns: columns.map(column),
      search: 'index',
      searchFields: {
        name: { column: column('name'), match: 'contains' },
        phone: { column: column('phone'), match: 'contains' },
        email: { column: column('email'), match: 'contains' },
      },
      sortable: [column('name'), column('province_code')],
      defaultOrder: [column('id'), 'desc'],
      filters: {
        province_code: equalsFilter<TB>(column('province_code'), provinceCode()),
      },
      counted: { by: [column('province_code')] },
    },
    toRecord: (value) => toContact(row(value)),
    searchText: (value) => {
      const contact = row(value);
      const names = placeNames(contact);
      return searchText(
        contact.name,
        contact.phone,
        contact.email,
        contact.address,
        contact.district,
        names.ward_name,
        names.province_name,
      );
    },
    hooks: {
      // The address book is read (once) before the transaction, not while it holds the write lock.
      prepare: (_ctx, { input }) => {
        addressBook();
        return { values: input as WriteValues<TB> };
      },
      beforeWrite: (_tx, _ctx, { values, current }) =>
        checkPlace(values as Partial<ContactRow>, current && row(current)),
    },
  };
};
