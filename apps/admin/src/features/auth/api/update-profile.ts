import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileUpdateSchema } from '@backoffice/shared/user.schema';
import type { z } from 'zod';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { getProfileQueryOptions, type Profile } from '../../../lib/profile';

/** The form's fields; the avatar (a file or a media URL) is sent on its own. */
export const profileInputSchema = profileUpdateSchema.omit({ avatar: true });

export type ProfileInput = z.output<typeof profileInputSchema>;

/**
 * The profile update sends a field only when it is filled. `avatar`: a file to
 * upload, the URL of a media library image, null to remove it, undefined to keep it.
 */
export const profileFormData = (input: ProfileInput, avatar?: File | string | null): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && String(value).trim() !== '')
      form.append(key, String(value));
  }
  if (avatar instanceof File) form.append('avatar', avatar);
  else if (avatar !== undefined) form.append('avatar', avatar ?? '');
  return form;
};

export const updateProfile = (form: FormData): Promise<Profile> =>
  apiRequest<ItemResponse<Profile>>('/profile', {
    method: 'POST',
    query: { _method: 'PATCH' },
    form,
  }).then((response) => response.data);

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, avatar }: { input: ProfileInput; avatar?: File | string | null }) =>
      updateProfile(profileFormData(input, avatar)),
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, (previous) =>
        previous ? { ...previous, ...profile } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
    },
  });
};
