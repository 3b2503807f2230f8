import { queryOptions } from '@tanstack/react-query';
import type { SiteInfo } from '@backoffice/shared/system.schema';
import { apiRequest, type ItemResponse } from '../api-client';

export type { SiteInfo };

export const getSite = (signal?: AbortSignal): Promise<SiteInfo> =>
  apiRequest<ItemResponse<SiteInfo>>('/site', { signal, auth: false }).then(
    (response) => response.data,
  );

export const getSiteQueryOptions = () =>
  queryOptions({
    queryKey: ['site'],
    queryFn: ({ signal }) => getSite(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
