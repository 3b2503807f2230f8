import type { Group, GroupCreate, GroupUpdate } from '@backoffice/shared/group.schema';
import { apiRequest, type ItemResponse } from '../api-client';
import { createResourceApi } from '../resource-api';

const base = createResourceApi<Group, GroupCreate, GroupUpdate>('/groups', { bulkDelete: true });

/**
 * GET /groups?style=…; POST /groups?include=type,fields; PATCH /groups/{id}?include=type,fields;
 * DELETE /groups/{id}. Create and update answer with the nested type and fields.
 */
export const groupsApi = {
  ...base,
  create: (body: GroupCreate) =>
    apiRequest<ItemResponse<Group>>('/groups', {
      method: 'POST',
      body,
      query: { include: 'type,fields' },
    }).then((response) => response.data),
  update: (id: string | number, body: GroupUpdate) =>
    apiRequest<ItemResponse<Group>>(`/groups/${encodeURIComponent(String(id))}`, {
      method: 'PATCH',
      body,
      query: { include: 'type,fields' },
    }).then((response) => response.data),
};
