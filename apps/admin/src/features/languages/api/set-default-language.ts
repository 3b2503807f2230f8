import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { languageKeys } from './get-languages';

/** PATCH /languages/{key}/default. */
export const setDefaultLanguage = (key: string) =>
  apiRequest<unknown>(`/languages/${encodeURIComponent(key)}/default`, { method: 'PATCH' });

export const useSetDefaultLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultLanguage,
    onSettled: () => queryClient.invalidateQueries({ queryKey: languageKeys.all }),
  });
};
