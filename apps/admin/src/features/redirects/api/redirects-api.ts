import { z } from 'zod';
import { createResourceApi } from '../../../lib/resource-api';

export type Redirect = {
  id: number;
  source: string;
  destination: string;
  code: 301 | 302;
  created_at: string;
  updated_at: string;
};

export const REDIRECT_CODES = [301, 302] as const;

// Mirrors the API's rules (spec §5: source and destination required; code 301 when empty).
const codeSchema = z
  .union([z.literal(301), z.literal(302), z.literal(''), z.null()])
  .optional()
  .transform((code) => (code === 302 ? 302 : 301));

export const redirectInputSchema = z.object({
  source: z.string().trim().min(1, 'redirects:validation.sourceRequired'),
  destination: z.string().trim().min(1, 'redirects:validation.destinationRequired'),
  code: codeSchema,
});

export type RedirectInput = z.output<typeof redirectInputSchema>;

/** GET, POST /redirects; PATCH, DELETE /redirects/{id}. */
export const redirectsApi = createResourceApi<Redirect, RedirectInput, RedirectInput>('/redirects');
