import { z } from 'zod';
import { requiredText, timestamps } from './schema-kit';

/** BCP 47-like codes as the admin uses them: `vi`, `en`, `ja`, `zh-TW`, `pt-BR`. */
export const LANGUAGE_KEY_PATTERN = /^[a-z]{2,3}(?:-[A-Z][a-zA-Z]{1,3}|-[A-Z]{2}|-\d{3})?$/;

export const languageKey = () =>
  z
    .string({ error: (issue) => (issue.input == null ? 'language.key_required' : undefined) })
    .trim()
    .min(1, { error: 'language.key_required' })
    .max(12, { error: 'language.key_pattern' })
    .regex(LANGUAGE_KEY_PATTERN, { error: 'language.key_pattern' });

export const languageCreateSchema = z.strictObject({
  key: languageKey(),
  name: requiredText({ max: 100, required: 'language.name_required' }),
  sort: z.number().int({ error: 'validation.integer' }).min(0).max(1_000_000).optional(),
});

export const languageRecordSchema = z.object({
  id: z.number(),
  key: z.string(),
  name: z.string(),
  sort: z.number(),
  is_default: z.boolean(),
  ...timestamps,
});

export type LanguageCreate = z.infer<typeof languageCreateSchema>;
export type Language = z.infer<typeof languageRecordSchema>;
