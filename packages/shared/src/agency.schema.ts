import { z } from 'zod';
import { id, optionalText, requiredText, timestamps } from './schema-kit';

const sort = () =>
  z
    .number({ error: 'validation.integer' })
    .int({ error: 'validation.integer' })
    .min(0)
    .max(1_000_000);

export const agencyCreateSchema = z.strictObject({
  name: requiredText({ max: 200, required: 'agency.name_required' }),
  description: optionalText(1000),
  sort: sort().optional(),
});

export const agencyUpdateSchema = agencyCreateSchema.partial();

export const agencyRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  sort: z.number(),
  users_count: z.number().optional(),
  ...timestamps,
});

const userIds = () =>
  z
    .array(id(), { error: (issue) => (issue.input == null ? 'assign.users_required' : undefined) })
    .min(1, { error: 'assign.users_required' })
    .max(1000);

/** POST /agencies/attach and /agencies/detach. */
export const agencyUsersSchema = z.strictObject({
  agency_id: id(),
  user_ids: userIds(),
});

/** A user as listed under an agency: the screen's columns only. */
export const agencyUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
});

export type Agency = z.infer<typeof agencyRecordSchema>;
export type AgencyUser = z.infer<typeof agencyUserSchema>;
export type AgencyCreate = z.infer<typeof agencyCreateSchema>;
