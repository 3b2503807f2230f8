import { useQueries } from '@tanstack/react-query';
import { ordersResourceApi } from '../../../lib/api/orders';
import { postTypesApi } from '../../../lib/api/post-types';
import { suppliersApi } from '../../../lib/api/suppliers';
import { warehousesApi } from '../../../lib/api/warehouses';
import { usePermissions } from '../../../lib/profile';
import type { ChangeRow } from './changed-fields';

// The record's own cache entry and client (`getQueryOptions`), read for its name only.
type NameQuery = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
};
type RecordApi<T> = {
  keys: { item: (id: number) => readonly unknown[] };
  get: (id: number, signal?: AbortSignal) => Promise<T>;
};
type Reference = {
  permission: string;
  read: (id: number) => NameQuery;
  name: (record: unknown) => string | undefined;
};
const reference = <T>(
  permission: string,
  api: RecordApi<T>,
  name: (record: T) => string | undefined,
): Reference => ({
  permission,
  read: (id) => ({ queryKey: api.keys.item(id), queryFn: ({ signal }) => api.get(id, signal) }),
  name: (record) => name(record as T),
});

/**
 * Fields that hold another record's number, whoever logged them, where that record is read,
 * what it takes to read it and what names it. The log keeps the number; the reader sees the
 * name ("Kho Hà Nội", not 1; an order's code, not 12).
 */
const REFERENCES: Readonly<Record<string, Reference>> = {
  warehouse_id: reference('manage-warehouses', warehousesApi, (warehouse) => warehouse.name),
  type_id: reference('types.list', postTypesApi, (type) => type.title),
  supplier_id: reference('suppliers.list', suppliersApi, (supplier) => supplier.name),
  order_id: reference('orders.list', ordersResourceApi, (order) => order.code),
};

const leaf = (field: string) => field.split('.').at(-1)!;

/**
 * The names of the records an entry's rows refer to: `(field, value)` → the record's name, or
 * the value as logged when it is no reference, not readable by this reader, or gone.
 */
export const useReferenceNames = (rows: readonly ChangeRow[]) => {
  const { can } = usePermissions();
  const wanted = rows.flatMap((row) => {
    const refers = REFERENCES[leaf(row.field)];
    if (!refers || !can(refers.permission)) return [];
    return [row.before, row.after]
      .filter((value): value is number => typeof value === 'number')
      .map((id) => ({ key: `${leaf(row.field)}:${id}`, refers, query: refers.read(id) }));
  });
  const answers = useQueries({
    queries: wanted.map(({ query }) => ({ ...query, retry: false })),
  });
  const names = new Map<string, string>();
  wanted.forEach(({ key, refers }, index) => {
    const record = answers[index]?.data;
    const name = record === undefined ? undefined : refers.name(record);
    if (name) names.set(key, name);
  });
  return (field: string, value: unknown) =>
    typeof value === 'number' ? (names.get(`${leaf(field)}:${value}`) ?? value) : value;
};
