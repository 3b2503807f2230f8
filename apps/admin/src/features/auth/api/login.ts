import type { TwoFactorChallenge } from '@backoffice/shared/auth.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { getProfileQueryOptions } from '../../../lib/profile';
import { setPasswordChangeRequired } from '../../../lib/session-state';
import { storeTokens, type TokenPair } from '../../../lib/storage';
import { rememberSignIn } from '../sign-in-memory';

export type LoginInput = { email: string; password: string; captcha_id?: string; captcha?: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The sign-in checks shown before any request (texts in the auth namespace). Kept free of zod and of the
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

/** The password was right; a code of the user's authenticator app (or a recovery code) comes next. */
export type { TwoFactorChallenge };
export type LoginAnswer = TokenPair | TwoFactorChallenge;

export const isTwoFactorChallenge = (answer: LoginAnswer): answer is TwoFactorChallenge =>
  'two_factor' in answer;

export const login = (input: LoginInput): Promise<LoginAnswer> =>
  apiRequest<LoginAnswer>('/clients/web/login', { method: 'POST', body: input, auth: false });

export const loginWithCode = (challenge: string, code: string): Promise<TokenPair> =>
  apiRequest<TokenPair>('/login/2fa', {
    method: 'POST',
    body: { challenge, code },
    auth: false,
  });

/** Signs in and stores the session, or answers the challenge of a two-factor sign-in. */
export const signIn = async (input: LoginInput): Promise<LoginAnswer> => {
  const answer = await login(input);
  if (!isTwoFactorChallenge(answer)) storeTokens(answer);
  return answer;
};

const useSignedIn = () => {
  const queryClient = useQueryClient();
  return (email: string, password: string) => {
    rememberSignIn(email, password);
    setPasswordChangeRequired(false);
    queryClient.removeQueries({ queryKey: getProfileQueryOptions().queryKey });
  };
};

export const useLogin = () => {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: signIn,
    onSuccess: (answer, input) => {
      if (!isTwoFactorChallenge(answer)) signedIn(input.email, input.password);
    },
  });
};

/** The second step: the challenge and a code; stores the session. */
export const useLoginWithCode = () => {
  const signedIn = useSignedIn();
  return useMutation({
    mutationFn: async (input: LoginInput & { challenge: string; code: string }) => {
      const tokens = await loginWithCode(input.challenge, input.code);
      storeTokens(tokens);
      return tokens;
    },
    onSuccess: (_tokens, input) => signedIn(input.email, input.password),
  });
};
