import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { getProfileQueryOptions, type Profile } from '../../../lib/profile';

const optionalText = z.string().trim().optional().nullable();

export const profileInputSchema = z.object({
  name: z.string().trim().min(2, 'auth:validation.nameLength').max(200, 'auth:validation.nameLength'),
  email: z.string().trim().min(1, 'auth:validation.emailRequired').pipe(z.email('auth:validation.emailInvalid')),
  gender: z.enum(['male', 'female', 'unspecified']).optional().nullable(),
  marital_status: optionalText,
  birthday: optionalText,
  id_card: optionalText,
  id_card_date: optionalText,
  id_card_place: optionalText,
  phone: z
    .string()
    .trim()
    .regex(/^$|^\d{10}$/, 'auth:validation.phone')
    .optional()
    .nullable(),
  zalo: optionalText,
  facebook: optionalText,
  address: optionalText,
});

export type ProfileInput = z.infer<typeof profileInputSchema>;

/** Spec §5: the profile update sends a field only when it is filled. */
export const profileFormData = (input: ProfileInput, avatar?: File | null): FormData => {
  const form = new FormData();
  for (const [key, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && String(value).trim() !== '') form.append(key, String(value));
  }
  if (avatar) form.append('avatar', avatar);
  return form;
};

export const updateProfile = (form: FormData): Promise<Profile> =>
  apiRequest<ItemResponse<Profile>>('/profile', { method: 'POST', query: { _method: 'PATCH' }, form }).then(
    (response) => response.data,
  );

export const useUpdateProfile = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, avatar }: { input: ProfileInput; avatar?: File | null }) =>
      updateProfile(profileFormData(input, avatar)),
    onSuccess: (profile) => {
      queryClient.setQueryData(getProfileQueryOptions().queryKey, (previous) =>
        previous ? { ...previous, ...profile } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: getProfileQueryOptions().queryKey });
    },
  });
};
