import { z } from 'zod';
import { isValidRedirectDestination, isValidRedirectSource } from './redirect-match';
import { requiredText, timestamps } from './schema-kit';

export const REDIRECT_CODES = [301, 302] as const;

/** Missing, null or "" means 301. */
const redirectCode = z
  .union([z.literal(301), z.literal(302), z.literal(''), z.null()], { error: 'redirect.code' })
  .optional()
  .transform((code) => (code === 302 ? 302 : 301));

const redirectFields = {
  source: requiredText({ max: 2000, required: 'redirect.source_required' }),
  destination: requiredText({ max: 2000, required: 'redirect.destination_required' }),
};

export const redirectCreateSchema = z
  .strictObject({ ...redirectFields, code: redirectCode })
  .refine((value) => value.source !== value.destination, {
    error: 'redirect.loop',
    path: ['destination'],
  })
  // A source ending in `/*` moves a whole section (see redirect-match.ts).
  .refine((value) => isValidRedirectSource(value.source), {
    error: 'redirect.wildcard_source',
    path: ['source'],
  })
  .refine((value) => isValidRedirectDestination(value.source, value.destination), {
    error: 'redirect.wildcard_destination',
    path: ['destination'],
  });

export const redirectUpdateSchema = z.strictObject({
  source: redirectFields.source.optional(),
  destination: redirectFields.destination.optional(),
  code: z
    .union([z.literal(301), z.literal(302), z.literal(''), z.null()], { error: 'redirect.code' })
    .optional()
    .transform((code) => (code === undefined ? undefined : code === 302 ? 302 : 301)),
});

export const redirectRecordSchema = z.object({
  id: z.number(),
  source: z.string(),
  destination: z.string(),
  code: z.union([z.literal(301), z.literal(302)]),
  ...timestamps,
});

export type RedirectCreate = z.infer<typeof redirectCreateSchema>;
export type Redirect = z.infer<typeof redirectRecordSchema>;
