import { matchesSearch } from '@backoffice/shared/search-fold';
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ListParams } from '../../lib/api-client';
import { listInfiniteQueryOptions, listPageQueryOptions } from '../../lib/api/list-queries';
import type { ListColumn, ListSource } from './list-table';
import { listPageParams } from './list-page-query';
import type { ListState } from './use-list-state';

export type Paging = 'pages' | 'load-more' | 'all';

const compareValues = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a ?? '').localeCompare(String(b ?? ''));
};

const field = (row: object, key: string): unknown => (row as Record<string, unknown>)[key];

/**
 * The rows for the list's state: one page, pages appended by "load more", or every row
 * (`limit=0`) searched with Vietnamese folding and sorted here.
 */
export const useListRows = <T extends object>({
  source,
  paging,
  state,
  baseParams,
  columns,
}: {
  source: ListSource<T>;
  paging: Paging;
  state: ListState;
  baseParams: ListParams;
  columns: ReadonlyArray<ListColumn<T>>;
}) => {
  const { page, limit, search, orderBy, sortedBy, filterValues } = state;
  const paged = listPageParams({
    baseParams,
    filterValues,
    page,
    limit,
    search,
    orderBy,
    sortedBy,
  });
  const serverParams: ListParams =
    paging === 'all' ? { ...baseParams, ...filterValues, limit: 0 } : { ...paged, page: undefined };
  const pageParams = paging === 'pages' ? paged : serverParams;

  const queryClient = useQueryClient();
  const pageOptions = listPageQueryOptions(source, pageParams);
  // Asked for while rendering, not after the table below has rendered and committed: on a new
  // page, search or filter the request leaves first and the table renders while it travels.
  if (paging !== 'load-more' && !queryClient.getQueryState(pageOptions.queryKey))
    void queryClient.prefetchQuery(pageOptions);
  const pageQuery = useQuery({
    ...pageOptions,
    enabled: paging !== 'load-more',
    placeholderData: (previous) => previous,
  });
  const infiniteQuery = useInfiniteQuery({
    ...listInfiniteQueryOptions(source, serverParams),
    enabled: paging === 'load-more',
  });

  const fetched: T[] = useMemo(
    () =>
      paging === 'load-more'
        ? (infiniteQuery.data?.pages.flatMap((one) => one.data) ?? [])
        : (pageQuery.data?.data ?? []),
    [paging, infiniteQuery.data, pageQuery.data],
  );

  const rows = useMemo(() => {
    if (paging !== 'all') return fetched;
    const searchKeys = columns
      .filter((column) => column.searchable !== false)
      .map((column) => column.key);
    const found = search
      ? fetched.filter((row) =>
          matchesSearch(searchKeys.map((key) => String(field(row, key) ?? '')).join(' '), search),
        )
      : fetched;
    if (!orderBy) return found;
    const sorted = [...found].sort((a, b) => compareValues(field(a, orderBy), field(b, orderBy)));
    return sortedBy === 'desc' ? sorted.reverse() : sorted;
  }, [paging, fetched, columns, search, orderBy, sortedBy]);

  /**
   * Asks at once for the page a coming state shows (a search sent, another page), from the event
   * that changes the address, instead of once the list renders with the new address. Resolves
   * when that page is in the cache (at once when it already was).
   */
  const prefetch = (
    next: Pick<ListState, 'page' | 'limit' | 'search' | 'orderBy' | 'sortedBy' | 'filterValues'>,
  ): Promise<void> => {
    if (paging !== 'pages') return Promise.resolve();
    const options = listPageQueryOptions(source, listPageParams({ baseParams, ...next }));
    if (queryClient.getQueryState(options.queryKey)?.data !== undefined) return Promise.resolve();
    return queryClient.prefetchQuery(options);
  };

  const pagination =
    paging === 'load-more'
      ? infiniteQuery.data?.pages.at(-1)?.meta?.pagination
      : pageQuery.data?.meta?.pagination;

  return {
    rows,
    pagination,
    total: paging === 'all' ? rows.length : (pagination?.total ?? rows.length),
    loading: paging === 'load-more' ? infiniteQuery.isLoading : pageQuery.isLoading,
    failed: paging === 'load-more' ? infiniteQuery.error : pageQuery.error,
    prefetch,
    loadMore: {
      hasNext: paging === 'load-more' && infiniteQuery.hasNextPage,
      fetching: infiniteQuery.isFetchingNextPage,
      fetchNext: () => void infiniteQuery.fetchNextPage(),
    },
  };
};
