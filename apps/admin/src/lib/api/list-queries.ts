import { infiniteQueryOptions, type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ListParams, type ListResponse } from '../api-client';

/** A list's calls and keys: a resource api from `createResourceApi` fits. */
export type PagedSource<T> = {
  keys: { list: (params: ListParams) => QueryKey };
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>>;
};

/** One page of a list (or every row, with `limit=0`), under the resource's list key. */
export const listPageQueryOptions = <T>(source: PagedSource<T>, params: ListParams) =>
  queryOptions({
    queryKey: source.keys.list(params),
    queryFn: ({ signal }) => source.list(params, signal),
  });

/** The pages a "load more" list has appended, after the resource's list key. */
export const listInfiniteQueryOptions = <T>(source: PagedSource<T>, params: ListParams) =>
  infiniteQueryOptions({
    queryKey: [...source.keys.list(params), 'infinite'],
    queryFn: ({ pageParam, signal }) => source.list({ ...params, page: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last: ListResponse<T>) => {
      const pagination = last.meta?.pagination;
      return pagination && pagination.current_page < pagination.total_pages
        ? pagination.current_page + 1
        : undefined;
    },
  });

/**
 * A list that is only read (a report: stock figures, a supplier's deliveries, an agency's users):
 * its endpoint, the query it always sends, and the key its pages live under (`key`, made by the
 * endpoint's api file, e.g. a view of the resource whose writes change it). A `ResourceList`
 * takes it as its `source` and offers no create, edit or delete.
 */
export const readOnlySource = <T>(path: string, key: QueryKey, query: ListParams = {}) => ({
  keys: { all: key, list: (params: ListParams) => [...key, params] as const },
  list: (params: ListParams, signal?: AbortSignal) =>
    apiRequest<ListResponse<T>>(path, { query: { ...query, ...params }, signal }),
});
