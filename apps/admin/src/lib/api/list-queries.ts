import { infiniteQueryOptions, type QueryKey, queryOptions } from '@tanstack/react-query';
import type { ListParams, ListResponse } from '../api-client';

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
