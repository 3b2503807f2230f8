import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getProfile, getProfileQueryOptions } from './api/profile';
import { allows, type PermissionRule } from './permissions';
import { hasSession } from './storage';
import type { Profile } from '@backoffice/shared/user.schema';

export type { Profile };
export { getProfile, getProfileQueryOptions };

export const useProfile = () => useQuery({ ...getProfileQueryOptions(), enabled: hasSession() });

/** What the signed-in user may do; `can(rule)` hides what they may not use. */
export const usePermissions = () => {
  const { data } = useProfile();
  return useMemo(() => {
    const held = new Set(data?.permissions ?? []);
    return { held, can: (rule: PermissionRule | undefined) => allows(held, rule) };
  }, [data]);
};
