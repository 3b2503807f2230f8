import type { BulkDelete, BulkResult } from '@backoffice/shared/bulk.schema';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ItemResponse, type ListParams, type ListResponse } from './api-client';

export type Id = string | number;

/** Pages read by `listAllPages` at most: 5,000 rows. */
const MAX_PAGES = 50;

/**
 * Every row of a list whose resource has no `limit=0` (a type's categories, groups,
 * agencies): pages of 100, one after another, until the last.
 */
export const listAllPages = async <T>(
  source: { list: (params: ListParams, signal?: AbortSignal) => Promise<ListResponse<T>> },
  params: ListParams = {},
  signal?: AbortSignal,
): Promise<T[]> => {
  const rows: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const answer = await source.list({ ...params, limit: 100, page }, signal);
    rows.push(...answer.data);
    if (page >= (answer.meta?.pagination?.total_pages ?? 1)) break;
  }
  return rows;
};

/**
 * The plain REST calls of one resource (`GET /x`, `GET /x/{id}`, `POST /x`, `PATCH /x/{id}`,
 * `DELETE /x/{id}`, and `POST /x/bulk` `{ids, action: 'delete'}` where the resource declares
 * `bulkDelete`) with their cache keys. A feature's `api/` files use these and add what is its own.
 */
export const createResourceApi = <TRecord, TCreate = Partial<TRecord>, TUpdate = Partial<TCreate>>(
  endpoint: string,
  options: { bulkDelete?: boolean } = {},
) => {
  // Each entry is the key of ONE shape of answer, so two screens reading the endpoint in
  // different shapes can never meet under one key (the cache would hand one the other's
  // answer): a page (`list`), every row as an array (`rows`, `allPages`), pages appended by
  // "load more" (`infinite`), a select's choices (`options`), one record (`item`). Anything else
  // is a named `view` (of the lists, of a record, or of the endpoint), its name unique in the
  // endpoint's one api file. A list's params are an object, a view's name a string, so they
  // never collide either. Everything starts with `all`; list shapes with `lists()`.
  const keys = {
    all: [endpoint] as const,
    lists: () => [endpoint, 'list'] as const,
    list: (params: ListParams) => [endpoint, 'list', params] as const,
    rows: (params: ListParams) => [endpoint, 'list', params, 'rows'] as const,
    allPages: (params: ListParams) => [endpoint, 'list', params, 'all-pages'] as const,
    infinite: (params: ListParams) => [endpoint, 'list', params, 'infinite'] as const,
    options: (params: ListParams) => [endpoint, 'list', params, 'options'] as const,
    listView: (name: string, ...parts: unknown[]) => [endpoint, 'list', name, ...parts] as const,
    item: (id: Id) => [endpoint, 'item', String(id)] as const,
    itemView: (id: Id, name: string, ...parts: unknown[]) =>
      [endpoint, 'item', String(id), name, ...parts] as const,
    view: (name: string, ...parts: unknown[]) => [endpoint, 'view', name, ...parts] as const,
  };
  const list = (params: ListParams = {}, signal?: AbortSignal) =>
    apiRequest<ListResponse<TRecord>>(endpoint, { query: params, signal });
  const get = (id: Id, signal?: AbortSignal) =>
    apiRequest<ItemResponse<TRecord>>(`${endpoint}/${encodeURIComponent(String(id))}`, {
      signal,
    }).then((response) => response.data);
  // The query options call the client through `api`, so a test's spy on `api.list` sees them.
  const api = {
    endpoint,
    keys,
    list,
    get,
    listQueryOptions: (params: ListParams = {}) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }): Promise<ListResponse<TRecord>> => api.list(params, signal),
        placeholderData: keepPreviousData,
      }),
    /** Every row of a `limit=0` list, as an array. */
    rowsQueryOptions: (params: ListParams = { limit: 0 }) =>
      queryOptions({
        queryKey: keys.rows(params),
        queryFn: ({ signal }): Promise<TRecord[]> =>
          api.list(params, signal).then((answer) => answer.data),
      }),
    /** Every row of a list without `limit=0`, read 100 at a time (`listAllPages`). */
    allPagesQueryOptions: (params: ListParams = {}) =>
      queryOptions({
        queryKey: keys.allPages(params),
        queryFn: ({ signal }): Promise<TRecord[]> => listAllPages(api, params, signal),
      }),
    getQueryOptions: (id: Id) =>
      queryOptions({
        queryKey: keys.item(id),
        queryFn: ({ signal }): Promise<TRecord> => api.get(id, signal),
      }),
    create: (body: TCreate) =>
      apiRequest<ItemResponse<TRecord>>(endpoint, { method: 'POST', body }).then(
        (response) => response.data,
      ),
    update: (id: Id, body: TUpdate) =>
      apiRequest<ItemResponse<TRecord>>(`${endpoint}/${encodeURIComponent(String(id))}`, {
        method: 'PATCH',
        body,
      }).then((response) => response.data),
    remove: (id: Id) =>
      apiRequest<null>(`${endpoint}/${encodeURIComponent(String(id))}`, { method: 'DELETE' }),
    /**
     * Several rows deleted in one request and one transaction (a list's "Delete selected"):
     * the answer counts the rows deleted and names those left, each with why.
     */
    bulkRemove: options.bulkDelete
      ? (ids: readonly Id[]) => {
          const body: BulkDelete = { ids: ids.map(Number), action: 'delete' };
          return apiRequest<{ data: BulkResult }>(`${endpoint}/bulk`, { method: 'POST', body });
        }
      : undefined,
  };
  return api;
};
