import type { SessionRecord } from '@backoffice/shared/auth.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ListResponse } from '../../../lib/api-client';

export const getMySessions = (signal?: AbortSignal): Promise<SessionRecord[]> =>
  apiRequest<Pick<ListResponse<SessionRecord>, 'data'>>('/profile/sessions', { signal }).then(
    (response) => response.data,
  );

export const getMySessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['profile', 'sessions'],
    queryFn: ({ signal }) => getMySessions(signal),
  });

export const useMySessions = () => useQuery(getMySessionsQueryOptions());

export const endMySession = (id: string): Promise<null> =>
  apiRequest<null>(`/profile/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });

export const useEndMySession = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endMySession,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: getMySessionsQueryOptions().queryKey }),
  });
};
