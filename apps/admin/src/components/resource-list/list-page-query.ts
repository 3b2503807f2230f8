import type { ListParams } from '../../lib/api-client';

export type ListSort = { orderBy: string; sortedBy: 'asc' | 'desc' };

/** The list parameters a page of `pages` or `load-more` paging keeps in the address. */
export const STANDARD_LIST_PARAMS = ['page', 'limit', 'search', 'orderBy', 'sortedBy'] as const;

const readNumber = (value: string | null, fallback: number): number => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/**
 * Page, size, search and sort as the address gives them, with the list's defaults. A search
 * leaves the default sort out: without an order the reader chose, the API lists first the rows
 * holding the words as typed (the customer whose name was typed, before the others).
 */
export const readListAddress = (
  searchParams: URLSearchParams,
  { defaultPageSize, defaultSort }: { defaultPageSize: number; defaultSort?: ListSort },
) => ({
  page: readNumber(searchParams.get('page'), 1),
  limit: Math.min(100, readNumber(searchParams.get('limit'), defaultPageSize)),
  search: searchParams.get('search') ?? '',
  orderBy:
    searchParams.get('orderBy') ?? (searchParams.get('search') ? '' : defaultSort?.orderBy) ?? '',
  sortedBy: ((searchParams.get('sortedBy') ?? defaultSort?.sortedBy ?? 'desc') === 'asc'
    ? 'asc'
    : 'desc') as 'asc' | 'desc',
});

/**
 * The query parameters of the page a paged list shows: what `ResourceList` asks for, and what a
 * route may ask for before the list's code has arrived (the two must be equal to share the
 * answer, so both are made here).
 */
export const listPageParams = ({
  baseParams,
  filterValues = {},
  page,
  limit,
  search,
  orderBy,
  sortedBy,
}: {
  baseParams: ListParams;
  filterValues?: Record<string, string | undefined>;
  page: number;
  limit: number;
  search: string;
  orderBy: string;
  sortedBy: 'asc' | 'desc';
}): ListParams => ({
  ...baseParams,
  ...filterValues,
  limit,
  search: search || undefined,
  orderBy: orderBy || undefined,
  sortedBy: orderBy ? sortedBy : undefined,
  page,
});

/**
 * The first page a list will show for this address, or null when the address carries a filter
 * (which filters a list offers may depend on data not loaded yet).
 */
export const firstListPage = (
  searchParams: URLSearchParams,
  options: { baseParams: ListParams; defaultPageSize?: number; defaultSort?: ListSort },
): ListParams | null => {
  for (const name of searchParams.keys())
    if (!(STANDARD_LIST_PARAMS as readonly string[]).includes(name)) return null;
  const address = readListAddress(searchParams, {
    defaultPageSize: options.defaultPageSize ?? 20,
    defaultSort: options.defaultSort,
  });
  return listPageParams({ baseParams: options.baseParams, ...address });
};
