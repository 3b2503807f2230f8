import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

export const changePasswordInputSchema = z
  .object({
    current_password: z.string().min(1, 'auth:validation.passwordRequired'),
    new_password: z.string().min(1, 'auth:validation.passwordRequired').min(5, 'auth:validation.passwordMin'),
    confirm_password: z.string().min(1, 'auth:validation.passwordRequired'),
  })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ['confirm_password'],
    message: 'auth:validation.passwordMismatch',
  })
  .refine((value) => value.new_password !== value.current_password, {
    path: ['new_password'],
    message: 'auth:validation.passwordSame',
  });

export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const changePassword = (userId: string | number, input: ChangePasswordInput): Promise<null> =>
  apiRequest<null>(`/users/${encodeURIComponent(String(userId))}/password`, {
    method: 'PATCH',
    body: { current_password: input.current_password, new_password: input.new_password },
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: ({ userId, input }: { userId: string | number; input: ChangePasswordInput }) =>
      changePassword(userId, input),
  });
