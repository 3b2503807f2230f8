import { z } from 'zod';
import { id, requiredText, text } from './schema-kit';

const permissionKeys = () =>
  z
    .array(text().max(100), {
      error: (issue) => (issue.input == null ? 'role.permissions_min' : undefined),
    })
    .min(1, { error: 'role.permissions_min' })
    .max(500);

export const roleCreateSchema = z.strictObject({
  name: requiredText({
    min: 2,
    max: 20,
    required: 'role.name_required',
    tooShort: 'role.name_length',
    tooLong: 'role.name_length',
  }),
  description: requiredText({
    max: 255,
    required: 'role.description_required',
    tooLong: 'role.description_max',
  }),
  permissions: permissionKeys(),
  /** Its holders must sign in with a second factor; until they set it up, they can do nothing else. */
  require_2fa: z.boolean({ error: 'validation.invalid' }).optional(),
});

/** `PATCH /roles/{id}`: its permissions, its two-factor rule, or both. */
export const roleUpdateSchema = z.strictObject({
  permissions: permissionKeys().optional(),
  require_2fa: z.boolean({ error: 'validation.invalid' }).optional(),
});

export const permissionSyncSchema = z.strictObject({
  role_id: id(),
  permissions: permissionKeys(),
});

const idList = (requiredKey: string) =>
  z
    .array(id(), { error: (issue) => (issue.input == null ? requiredKey : undefined) })
    .min(1, { error: requiredKey })
    .max(1000);

export const roleAssignSchema = z.strictObject({
  user_ids: idList('assign.users_required'),
  role_ids: idList('assign.roles_min'),
});

export const roleRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  require_2fa: z.boolean(),
  permissions: z.array(z.string()),
  users_count: z.number().optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

/** One permission key (`GET /permissions`) and the group a screen files it under. */
export const permissionRecordSchema = z.object({ key: z.string(), group: z.string() });

export type Role = z.infer<typeof roleRecordSchema>;
export type PermissionRecord = z.infer<typeof permissionRecordSchema>;
export type RoleCreate = z.infer<typeof roleCreateSchema>;
export type RoleUpdate = z.infer<typeof roleUpdateSchema>;
