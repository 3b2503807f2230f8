import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, type ItemResponse } from './api-client';
import { allows, type PermissionRule } from './permissions';
import { hasSession } from './storage';
import type { Profile } from '@backoffice/shared/user.schema';

export type { Profile };

export const getProfile = (signal?: AbortSignal): Promise<Profile> =>
  apiRequest<ItemResponse<Profile>>('/profile', { signal }).then((response) => response.data);

export const getProfileQueryOptions = () =>
  queryOptions({
    queryKey: ['profile'],
    queryFn: ({ signal }) => getProfile(signal),
    staleTime: 60_000,
  });

export const useProfile = () => useQuery({ ...getProfileQueryOptions(), enabled: hasSession() });

/** What the signed-in user may do; `can(rule)` hides what they may not use. */
export const usePermissions = () => {
  const { data } = useProfile();
  return useMemo(() => {
    const held = new Set(data?.permissions ?? []);
    return { held, can: (rule: PermissionRule | undefined) => allows(held, rule) };
  }, [data]);
};
