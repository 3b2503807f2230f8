import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, type ListParams, type ListResponse } from '../../../lib/api-client';

import type { Language } from '@backoffice/shared/language.schema';

export type { Language };

export const languageKeys = {
  all: ['/languages'] as const,
  list: (params: ListParams) => ['/languages', 'list', params] as const,
};

/** GET /languages (limit=0: all of them). */
export const getLanguages = (params: ListParams = {}, signal?: AbortSignal) =>
  apiRequest<ListResponse<Language>>('/languages', { query: { limit: 0, ...params }, signal });

export const getLanguagesQueryOptions = () =>
  queryOptions({
    queryKey: languageKeys.list({ limit: 0 }),
    queryFn: ({ signal }) => getLanguages({}, signal),
  });

export const useLanguages = () => useQuery(getLanguagesQueryOptions());

/** The list source of the generic list screen. */
export const languagesSource = { keys: languageKeys, list: getLanguages };
