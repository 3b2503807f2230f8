import type { AgencyUser } from '@backoffice/shared/agency.schema';
import { agenciesApi } from '../../../lib/api/agencies';
import { usersResourceApi } from '../../../lib/api/users';
import { readOnlySource } from '../../../lib/api/list-queries';
import { apiRequest } from '../../../lib/api-client';
import type { Id } from '../../../lib/resource-api';

/** GET, POST /agencies; PATCH, DELETE /agencies/{id}. */
export { agenciesApi };

export type { AgencyUser };

/** An agency's users, a page at a time (GET /agencies/{id}/users?page=&limit=; only read). */
export const agencyUsersSource = (agencyId: Id) =>
  readOnlySource<AgencyUser>(
    `/agencies/${agencyId}/users`,
    agenciesApi.keys.itemView(agencyId, 'users'),
  );

/** Users found by name or email for the attach picker (GET /users?search=, needs users.list). */
export const agencyUserSearchQueryOptions = (term: string) =>
  usersResourceApi.listQueryOptions({ search: term || undefined, limit: 20 });

/** POST /agencies/attach and /agencies/detach. */
export const changeAgencyUsers = (mode: 'attach' | 'detach', agencyId: number, userIds: number[]) =>
  apiRequest<null>(`/agencies/${mode}`, {
    method: 'POST',
    body: { agency_id: agencyId, user_ids: userIds },
  });
