import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest, type ItemResponse } from '../../../lib/api-client';
import { type Language, languageKeys } from './get-languages';

/** Like `vi`, `en`, `ja`, `zh-TW`, `sr-Latn`. */
export const LANGUAGE_KEY_PATTERN = /^[a-z]{2,3}(-([A-Z]{2}|[A-Z][a-z]{3}))?$/;

export const createLanguageInputSchema = z.object({
  key: z
    .string({ error: 'languages:validation.keyRequired' })
    .trim()
    .min(1, 'languages:validation.keyRequired')
    .regex(LANGUAGE_KEY_PATTERN, 'languages:validation.keyPattern'),
  name: z.string({ error: 'languages:validation.nameRequired' }).trim().min(1, 'languages:validation.nameRequired'),
  sort: z.number().int().min(0).optional().nullable(),
});

export type CreateLanguageInput = z.output<typeof createLanguageInputSchema>;

/** POST /languages. */
export const createLanguage = (input: CreateLanguageInput) =>
  apiRequest<ItemResponse<Language>>('/languages', {
    method: 'POST',
    body: { key: input.key, name: input.name, ...(input.sort === null || input.sort === undefined ? {} : { sort: input.sort }) },
  }).then((response) => response.data);

export const useCreateLanguage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLanguage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: languageKeys.all }),
  });
};
