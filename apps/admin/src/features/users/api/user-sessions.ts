import type { SessionRecord } from '@backoffice/shared/auth.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { Id } from '../../../lib/resource-api';

const path = (userId: Id) => `/users/${encodeURIComponent(String(userId))}/sessions`;

/** GET /users/{id}/sessions: the sessions of an account the reader may manage. */
export const getUserSessionsQueryOptions = (userId: Id) =>
  queryOptions({
    queryKey: ['users', 'sessions', String(userId)],
    queryFn: ({ signal }) =>
      apiRequest<{ data: SessionRecord[] }>(path(userId), { signal }).then((r) => r.data),
  });

export const useUserSessions = (userId: Id) => useQuery(getUserSessionsQueryOptions(userId));

/** DELETE /users/{id}/sessions/{sid}. */
export const useEndUserSession = (userId: Id) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiRequest<null>(`${path(userId)}/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getUserSessionsQueryOptions(userId).queryKey }),
  });
};
