import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import type { MenuSource } from '../sources';

const PAGE = 30;

/**
 * One source of the menu editor's left column (posts, categories, pages…): its first records
 * for a search. Keyed by the source, not under its endpoint's resource key: the answer is read
 * with the source's own query (`source.query`), whatever endpoint it names.
 */
export const menuSourceQueryOptions = (source: MenuSource, search: string) =>
  queryOptions({
    queryKey: ['menu-source', source.key, source.path, source.query ?? {}, search],
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<never>>(source.path, {
        query: { ...source.query, limit: PAGE, search: search || undefined },
        signal,
      }),
  });
