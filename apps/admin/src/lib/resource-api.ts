import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiRequest, type ItemResponse, type ListParams, type ListResponse } from './api-client';

export type Id = string | number;

/**
 * The plain REST calls of one resource (`GET /x`, `GET /x/{id}`, `POST /x`, `PATCH /x/{id}`,
 * `DELETE /x/{id}`) with their cache keys. A feature's `api/` files use these and add what
 * is its own.
 */
export const createResourceApi = <TRecord, TCreate = Partial<TRecord>, TUpdate = Partial<TCreate>>(
  endpoint: string,
) => {
  const keys = {
    all: [endpoint] as const,
    lists: () => [endpoint, 'list'] as const,
    list: (params: ListParams) => [endpoint, 'list', params] as const,
    item: (id: Id) => [endpoint, 'item', String(id)] as const,
  };
  const list = (params: ListParams = {}, signal?: AbortSignal) =>
    apiRequest<ListResponse<TRecord>>(endpoint, { query: params, signal });
  const get = (id: Id, signal?: AbortSignal) =>
    apiRequest<ItemResponse<TRecord>>(`${endpoint}/${encodeURIComponent(String(id))}`, {
      signal,
    }).then((response) => response.data);
  return {
    endpoint,
    keys,
    list,
    get,
    listQueryOptions: (params: ListParams = {}) =>
      queryOptions({
        queryKey: keys.list(params),
        queryFn: ({ signal }) => list(params, signal),
        placeholderData: keepPreviousData,
      }),
    getQueryOptions: (id: Id) =>
      queryOptions({ queryKey: keys.item(id), queryFn: ({ signal }) => get(id, signal) }),
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
  };
};
