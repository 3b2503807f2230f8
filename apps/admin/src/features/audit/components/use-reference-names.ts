import { useQueries } from '@tanstack/react-query';
import { postTypesApi } from '../../../lib/api/post-types';
import { warehousesApi } from '../../../lib/api/warehouses';
import { usePermissions } from '../../../lib/profile';
import type { ChangeRow } from './changed-fields';

type Named = { name?: string; title?: string };
// The record's own cache entry and client (`getQueryOptions`), read for its name only.
type NameQuery = {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<Named>;
};
const nameOf =
  (api: typeof warehousesApi | typeof postTypesApi) =>
  (id: number): NameQuery => ({
    queryKey: api.keys.item(id),
    queryFn: ({ signal }) => api.get(id, signal),
  });

/**
 * Fields that hold another record's number, whoever logged them, where that record is read and
 * what it takes to read it. The log keeps the number; the reader sees the name ("Kho Hà Nội",
 * not 1).
 */
const REFERENCES: Readonly<
  Record<string, { permission: string; read: (id: number) => NameQuery }>
> = {
  warehouse_id: { permission: 'manage-warehouses', read: nameOf(warehousesApi) },
  type_id: { permission: 'types.list', read: nameOf(postTypesApi) },
};

const leaf = (field: string) => field.split('.').at(-1)!;

/**
 * The names of the records an entry's rows refer to: `(field, value)` → the record's name, or
 * the value as logged when it is no reference, not readable by this reader, or gone.
 */
export const useReferenceNames = (rows: readonly ChangeRow[]) => {
  const { can } = usePermissions();
  const wanted = rows.flatMap((row) => {
    const reference = REFERENCES[leaf(row.field)];
    if (!reference || !can(reference.permission)) return [];
    return [row.before, row.after]
      .filter((value): value is number => typeof value === 'number')
      .map((id) => ({ key: `${leaf(row.field)}:${id}`, query: reference.read(id) }));
  });
  const answers = useQueries({
    queries: wanted.map(({ query }) => ({ ...query, retry: false })),
  });
  const names = new Map<string, string>();
  wanted.forEach(({ key }, index) => {
    const record = answers[index]?.data;
    const name = record?.name ?? record?.title;
    if (name) names.set(key, name);
  });
  return (field: string, value: unknown) =>
    typeof value === 'number' ? (names.get(`${leaf(field)}:${value}`) ?? value) : value;
};
