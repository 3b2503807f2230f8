import type { TwoFactorSetup } from '@backoffice/shared/auth.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { getProfileQueryOptions } from '../../../lib/profile';

/** POST /profile/2fa: a new secret, its otpauth:// address and its QR code. */
export const startTwoFactor = (): Promise<TwoFactorSetup> =>
  apiRequest<ItemResponse<TwoFactorSetup>>('/profile/2fa', { method: 'POST' }).then(
    (response) => response.data,
  );

/** POST /profile/2fa/enable: turns it on with a first code; answers the recovery codes once. */
export const enableTwoFactor = (code: string): Promise<string[]> =>
  apiRequest<ItemResponse<{ recovery_codes: string[] }>>('/profile/2fa/enable', {
    method: 'POST',
    body: { code },
  }).then((response) => response.data.recovery_codes);

/** DELETE /profile/2fa with the current password. */
export const disableTwoFactor = (currentPassword: string): Promise<null> =>
  apiRequest<null>('/profile/2fa', {
    method: 'DELETE',
    body: { current_password: currentPassword },
  });

/** Reads the profile again (whether two-factor sign-in is on is part of it). */
export const useRefreshProfile = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
};

export const useStartTwoFactor = () => useMutation({ mutationFn: startTwoFactor });

// The profile is read again only once the recovery codes have been seen (the screen does it).
export const useEnableTwoFactor = () => useMutation({ mutationFn: enableTwoFactor });

export const useDisableTwoFactor = () => {
  const refresh = useRefreshProfile();
  return useMutation({ mutationFn: disableTwoFactor, onSuccess: () => void refresh() });
};
