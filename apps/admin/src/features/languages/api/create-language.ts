import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type LanguageCreate, languageCreateSchema } from '@backoffice/shared/language.schema';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { type Language, languageKeys } from './get-languages';

export { LANGUAGE_KEY_PATTERN } from '@backoffice/shared/language.schema';

export const createLanguageInputSchema = languageCreateSchema;

export type CreateLanguageInput = LanguageCreate;

/** POST /languages. */
export const createLanguage = (input: CreateLanguageInput) =>
  apiRequest<ItemResponse<Language>>('/languages', { method: 'POST', body: input }).then(
    (response) => response.data,
  );

export const useCreateLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: languageKeys.all }),
  });
};
