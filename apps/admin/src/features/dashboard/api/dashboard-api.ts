import type { Dashboard, DashboardQuery } from '@backoffice/shared/dashboard.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type { Dashboard };

/** GET /dashboard?from=&to=: each figure only for a reader who may see its list. */
export const dashboardQueryOptions = (range: DashboardQuery) =>
  queryOptions({
    queryKey: ['/dashboard', range] as const,
    queryFn: ({ signal }) =>
      apiRequest<{ data: Dashboard }>('/dashboard', { query: range, signal }).then(
        (response) => response.data,
      ),
  });
