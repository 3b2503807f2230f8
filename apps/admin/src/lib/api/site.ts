import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ItemResponse } from '../api-client';

export type SiteInfo = {
  site_name: string | null;
  site_logo: string | null;
  site_logo_dark: string | null;
  favicon: string | null;
  /** Printed after amounts; '' prints the plain number. */
  money_unit?: string;
  /** The public website's origin (SITE_URL), where previews open; null when not set. */
  site_url?: string | null;
};

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
