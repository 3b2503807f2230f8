import { z } from 'zod';
import { id } from './schema-kit';

/** At most this many rows in one bulk write: one transaction, held briefly. */
export const BULK_MAX = 500;

/** The rows a bulk write names (each at most once is enough; a repeat counts once). */
export const bulkIds = (required = 'bulk.ids_required') =>
  z.array(id()).min(1, { error: required }).max(BULK_MAX);

/**
 * The bulk delete a resource declares beside its single delete (`POST /x/bulk`): the rows,
 * and the action, named as in every bulk body so a resource may add others later.
 */
export const bulkDeleteSchema = z.strictObject({
  ids: bulkIds(),
  action: z.enum(['delete'], { error: 'validation.invalid_value' }),
});
export type BulkDelete = z.infer<typeof bulkDeleteSchema>;

/**
 * What a bulk write did: `done` rows changed; every row named but left as it was, with the
 * error code saying why (`not_found`: gone meanwhile; `forbidden`: not the caller's to
 * touch; `validation_failed`, `conflict`: a rule of the resource refused it).
 */
export const bulkResultSchema = z.object({
  done: z.number().int(),
  skipped: z.array(z.object({ id: z.number().int(), code: z.string() })),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const bulkResponse = z.object({ data: bulkResultSchema });
