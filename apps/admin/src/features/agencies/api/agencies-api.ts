import type { Agency, AgencyCreate } from '@backoffice/shared/agency.schema';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import { createResourceApi, type Id } from '../../../lib/resource-api';

/** GET, POST /agencies; PATCH, DELETE /agencies/{id}. */
export const agenciesApi = createResourceApi<Agency, AgencyCreate, Partial<AgencyCreate>>(
  '/agencies',
);

export type AgencyUser = { id: number; name: string; email: string; status: string };

export const agencyUsersQueryOptions = (agencyId: Id) => ({
  queryKey: [...agenciesApi.keys.all, 'users', String(agencyId)],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<ListResponse<AgencyUser>>(`/agencies/${agencyId}/users`, {
      query: { limit: 100 },
      signal,
    }),
});

/** POST /agencies/attach and /agencies/detach. */
export const changeAgencyUsers = (mode: 'attach' | 'detach', agencyId: number, userIds: number[]) =>
  apiRequest<null>(`/agencies/${mode}`, {
    method: 'POST',
    body: { agency_id: agencyId, user_ids: userIds },
  });
