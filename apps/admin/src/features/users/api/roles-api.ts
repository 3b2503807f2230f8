import type {
  PermissionRecord,
  Role,
  RoleCreate,
  RoleUpdate,
} from '@backoffice/shared/role.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import { createResourceApi } from '../../../lib/resource-api';

/** GET, POST /roles; PATCH, DELETE /roles/{id} (permissions and the two-factor rule). */
export const rolesApi = createResourceApi<Role, RoleCreate, RoleUpdate>('/roles');

export const getPermissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/permissions'],
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<PermissionRecord>>('/permissions', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** POST /roles/sync (exactly these roles) and POST /roles/revoke. */
export const assignRoles = (mode: 'sync' | 'revoke', userIds: number[], roleIds: number[]) =>
  apiRequest<null>(`/roles/${mode}`, {
    method: 'POST',
    body: { user_ids: userIds, role_ids: roleIds },
  });
