import { passwordChangeSchema } from '@backoffice/shared/auth.schema';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The shared rule (contract: a strong new password) plus the confirmation typed twice. */
export const changePasswordInputSchema = passwordChangeSchema
  .extend({
    current_password: z.string().min(1, { error: 'password.required' }),
    confirm_password: z.string(),
  })
  .refine((value) => value.new_password === value.confirm_password, {
    path: ['confirm_password'],
    error: 'auth:validation.passwordMismatch',
  })
  .refine((value) => value.new_password !== value.current_password, {
    path: ['new_password'],
    error: 'password.same',
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

export const changePassword = (
  userId: string | number,
  input: ChangePasswordInput,
): Promise<null> =>
  apiRequest<null>(`/users/${encodeURIComponent(String(userId))}/password`, {
    method: 'PATCH',
    body: { current_password: input.current_password, new_password: input.new_password },
  });
