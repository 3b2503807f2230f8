import type { Role, RoleCreate } from '@backoffice/shared/role.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../../../lib/api-client';
import { createResourceApi, type Id } from '../../../lib/resource-api';

const base = createResourceApi<Role, RoleCreate, { permissions: string[] }>('/roles');

/** GET, POST /roles; DELETE /roles/{id}; editing a role is POST /permissions/sync. */
export const rolesApi = {
  ...base,
  update: (id: Id, body: { permissions: string[] }) =>
    apiRequest<{ data: Role }>('/permissions/sync', {
      method: 'POST',
      body: { role_id: Number(id), permissions: body.permissions },
    }).then((response) => response.data),
};

export type PermissionKey = { key: string; group: string };
export const getPermissionsQueryOptions = () =>
  queryOptions({
    queryKey: ['/permissions'],
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<PermissionKey>>('/permissions', { signal }).then((r) => r.data),
    staleTime: 5 * 60_000,
  });

/** POST /roles/sync (exactly these roles) and POST /roles/revoke. */
export const assignRoles = (mode: 'sync' | 'revoke', userIds: number[], roleIds: number[]) =>
  apiRequest<null>(`/roles/${mode}`, {
    method: 'POST',
    body: { user_ids: userIds, role_ids: roleIds },
  });
