import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getProfileQueryOptions } from '../../../lib/profile';
import { setPasswordChangeRequired } from '../../../lib/session-state';
import { storeTokens, type TokenPair } from '../../../lib/storage';
import { rememberSignIn } from '../sign-in-memory';

export type LoginInput = { email: string; password: string; captcha_id?: string; captcha?: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in checks of the spec (texts in the auth namespace). Kept free of zod and of the
 * shared catalogue so the login screen stays light; the server checks again with the shared `loginSchema`.
 */
export const validateLogin = (
  values: Partial<LoginInput>,
): Array<{ name: [string]; errors: string[] }> => {
  const errors: Array<{ name: [string]; errors: string[] }> = [];
  const email = values.email?.trim() ?? '';
  if (!email) errors.push({ name: ['email'], errors: ['auth:validation.emailRequired'] });
  else if (!EMAIL.test(email))
    errors.push({ name: ['email'], errors: ['auth:validation.emailInvalid'] });
  if (!values.password)
    errors.push({ name: ['password'], errors: ['auth:validation.passwordRequired'] });
  return errors;
};

export const login = (input: LoginInput): Promise<TokenPair> =>
  apiRequest<TokenPair>('/clients/web/login', { method: 'POST', body: input, auth: false });

/** Signs in and stores the session. */
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
