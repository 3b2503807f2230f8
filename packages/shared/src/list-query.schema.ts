import { z } from 'zod';
import { charLength, text } from './schema-kit';

/**
 * The parameters every list takes: `page` (from 1), `limit` (a page's size, at most 100,
 * 20 by default; 0 for everything where a resource allows it), `search`, `orderBy` and
 * `sortedBy`, `include`. Query strings arrive as text.
 */
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 20;

// The message names its bound, so a refused value says what would be accepted.
const digits = (key: string, params: Record<string, number> = {}) =>
  z
    .string()
    .refine((value) => /^\d{1,9}$/.test(value), { error: key, params, abort: true })
    .transform(Number);

/**
 * A whole number sent in a query string or a path (they arrive as text): a filter such as
 * `type_id=3`. The API description calls it an integer.
 */
export const integerParam = (key = 'list.filter', maximum = 999_999_999_999_999) =>
  z
    .string()
    .regex(/^\d{1,15}$/, { error: key })
    .transform(Number)
    .refine((value) => value <= maximum, { error: key })
    .meta({ type: 'integer', minimum: 0, maximum });

/** A search term: plain text (NFC, no control characters), at most 500 characters. */
export const searchTerm = () =>
  text()
    .superRefine(charLength({ max: 500 }))
    .meta({ maxLength: 500 });

/**
 * Strict like every request schema: a parameter the route does not know is a 422 naming
 * it (a typo such as `sortBy` would otherwise be ignored without a word).
 */
export const listQuerySchema = z.strictObject({
  // Query strings arrive as text; the API description says what these hold.
  page: digits('list.page')
    .refine((value) => value >= 1, { error: 'list.page' })
    .meta({ type: 'integer', minimum: 1, maximum: 999_999_999 })
    .optional(),
  limit: digits('list.limit', { maximum: LIST_LIMIT_MAX })
    .meta({ type: 'integer', minimum: 0, maximum: LIST_LIMIT_MAX })
    .optional(),
  search: searchTerm().optional(),
  orderBy: text().max(64).optional(),
  sortedBy: z.enum(['asc', 'desc'], { error: 'list.sorted_by' }).optional(),
  include: text().max(200).optional(),
});

/** One record's parameters (`GET /x/{id}?include=roles`). */
export const showQuerySchema = listQuerySchema.pick({ include: true });

export type ListQuery = z.infer<typeof listQuerySchema>;

export const paginationSchema = z.object({
  count: z.number(),
  total: z.number(),
  per_page: z.number(),
  current_page: z.number(),
  total_pages: z.number(),
});

export type Pagination = z.infer<typeof paginationSchema>;

export const listResponse = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), meta: z.object({ pagination: paginationSchema }) });

export const itemResponse = <T extends z.ZodType>(item: T) => z.object({ data: item });
