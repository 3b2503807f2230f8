import { z } from 'zod';

/** The list parameters of contract §3. Query strings arrive as text. */
export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 20;

const digits = (key: string) => z.string().regex(/^\d{1,9}$/, { error: key }).transform(Number);

export const listQuerySchema = z.object({
  page: digits('list.page')
    .refine((value) => value >= 1, { error: 'list.page' })
    .optional(),
  limit: digits('list.limit').optional(),
  search: z.string().max(500).optional(),
  orderBy: z.string().max(64).optional(),
  sortedBy: z.enum(['asc', 'desc'], { error: 'list.sorted_by' }).optional(),
  include: z.string().max(200).optional(),
});

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
