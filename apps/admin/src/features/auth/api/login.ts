import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getProfileQueryOptions } from '../../../lib/profile';
import { setPasswordChangeRequired } from '../../../lib/session-state';
import { storeTokens, type TokenPair } from '../../../lib/storage';
import { rememberSignIn } from '../sign-in-memory';

/** Spec §5: email required and valid, password required (at least 5 characters). */
export const loginInputSchema = z.object({
  email: z.string().trim().min(1, 'auth:validation.emailRequired').pipe(z.email('auth:validation.emailInvalid')),
  password: z.string().min(1, 'auth:validation.passwordRequired').min(5, 'auth:validation.passwordMin'),
  captcha_id: z.string().optional(),
  captcha: z.string().optional(),
});

export type LoginInput = z.infer<typeof loginInputSchema>;

export const login = (input: LoginInput): Promise<TokenPair> =>
  apiRequest<TokenPair>('/clients/web/login', { method: 'POST', body: input, auth: false });

/** Signs in and stores the session (spec §4, §9). */
export const signIn = async (input: LoginInput): Promise<TokenPair> => {
  const tokens = await login(input);
  storeTokens(tokens);
  return tokens;
};

export const useLogin = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (_tokens, input) => {
      rememberSignIn(input.email, input.password);
      setPasswordChangeRequired(false);
      queryClient.removeQueries({ queryKey: getProfileQueryOptions().queryKey });
    },
  });
};
