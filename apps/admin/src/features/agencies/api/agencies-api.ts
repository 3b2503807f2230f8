import type { AgencyUser } from '@backoffice/shared/agency.schema';
import { queryOptions } from '@tanstack/react-query';
import { agenciesApi } from '../../../lib/api/agencies';
import { usersResourceApi } from '../../../lib/api/users';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import type { Id } from '../../../lib/resource-api';

/** GET, POST /agencies; PATCH, DELETE /agencies/{id}. */
export { agenciesApi };

export type { AgencyUser };

/** One page of an agency's users (GET /agencies/{id}/users?page=&limit=). */
export const agencyUsersQueryOptions = (agencyId: Id, paging: { page: number; limit: number }) =>
  queryOptions({
    queryKey: agenciesApi.keys.itemView(agencyId, 'users', paging),
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<AgencyUser>>(`/agencies/${agencyId}/users`, {
        query: paging,
        signal,
      }),
    // the rows of the page shown stay while the next page loads
    placeholderData: (previous) => previous,
  });

/** Users found by name or email for the attach picker (GET /users?search=, needs users.list). */
export const agencyUserSearchQueryOptions = (term: string) =>
  usersResourceApi.listQueryOptions({ search: term || undefined, limit: 20 });

/** POST /agencies/attach and /agencies/detach. */
export const changeAgencyUsers = (mode: 'attach' | 'detach', agencyId: number, userIds: number[]) =>
  apiRequest<null>(`/agencies/${mode}`, {
    method: 'POST',
    body: { agency_id: agencyId, user_ids: userIds },
  });
