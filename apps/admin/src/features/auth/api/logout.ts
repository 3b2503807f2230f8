import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { emitAppEvent } from '../../../lib/events';
import { clearTokens } from '../../../lib/storage';
import { forgetSignIn } from '../sign-in-memory';

export const logout = (): Promise<null> => apiRequest<null>('/logout', { method: 'DELETE' });

/** Ends the session on the server (when it still answers) and here. */
export const useLogout = () =>
  useMutation({
    mutationFn: async () => {
      try {
        await logout();
      } catch {
        // the session is ended locally whatever the server says
      }
    },
    onSettled: () => {
      clearTokens();
      forgetSignIn();
      emitAppEvent({ type: 'signed-out', reason: 'logout' });
    },
  });
