import type { Profile } from '@backoffice/shared/user.schema';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest, type ItemResponse } from '../api-client';
import { STORAGE_KEYS, writeStoredJson } from '../storage';

export const getProfile = (signal?: AbortSignal): Promise<Profile> =>
  apiRequest<ItemResponse<Profile>>('/profile', { signal }).then((response) => {
    writeStoredJson(STORAGE_KEYS.permissionsHint, response.data.permissions);
    return response.data;
  });

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });
