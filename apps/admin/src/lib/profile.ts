import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { apiRequest, type ItemResponse } from './api-client';
import { allows, type PermissionRule } from './permissions';
import { hasSession } from './storage';

export type Role = { id: number | string; name: string; description: string | null; permissions: string[] };

export type Profile = {
  id: number | string;
  name: string;
  email: string;
  gender: 'male' | 'female' | 'unspecified' | null;
  marital_status: string | null;
  birthday: string | null;
  id_card: string | null;
  id_card_date: string | null;
  id_card_place: string | null;
  phone: string | null;
  zalo: string | null;
  facebook: string | null;
  address: string | null;
  avatar: string | null;
  avatar_url: string | null;
  status: 'enable' | 'disable';
  must_change_password: boolean;
  roles: Role[];
  permissions: string[];
};

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
