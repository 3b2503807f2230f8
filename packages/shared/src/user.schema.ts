import { z } from 'zod';
import { optionalAddress } from './address';
import { mobilePhone } from './phone';
import { roleRecordSchema } from './role.schema';
import {
  email,
  givenPassword,
  isoDate,
  newPassword,
  opaqueToken,
  optionalText,
  personName,
} from './schema-kit';

export const USER_STATUSES = ['enable', 'disable'] as const;
export const GENDERS = ['male', 'female', 'unspecified'] as const;

/** A user as the API serves it: never a password or a hash. */
export const userRecordSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  gender: z.enum(GENDERS).nullable(),
  birthday: z.string().nullable(),
  phone: z.string().nullable(),
  zalo: z.string().nullable(),
  facebook: z.string().nullable(),
  address: z.string().nullable(),
  avatar: z.string().nullable(),
  avatar_url: z.string().nullable(),
  status: z.enum(USER_STATUSES),
  must_change_password: z.boolean(),
  roles: z.array(roleRecordSchema).optional(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const profileRecordSchema = userRecordSchema.extend({
  marital_status: z.string().nullable(),
  id_card: z.string().nullable(),
  id_card_date: z.string().nullable(),
  id_card_place: z.string().nullable(),
  roles: z.array(roleRecordSchema),
  permissions: z.array(z.string()),
  /** Two-factor sign-in: on or not, and whether a role of the user requires it. */
  two_factor: z.object({ enabled: z.boolean(), required: z.boolean() }),
});

export type User = z.infer<typeof userRecordSchema>;
export type Profile = z.infer<typeof profileRecordSchema>;

/** A member's phone: a Vietnamese mobile, typed with spaces, dots or +84 (see phone.ts). */
export const phone = mobilePhone;

/**
 * An avatar chosen from the media library: the URL of an image media item (its `url` or
 * `thumbnail_url`, as GET /media gives them; the server checks it); "" or null removes it.
 * An avatar file is sent in the multipart field of the same name instead.
 */
export const avatarUrl = () => optionalAddress('media.avatar_not_media');

/**
 * Profile update (multipart or JSON): only the fields sent change. Changing one's own
 * sign-in email also needs `current_password` (a stolen session must not move the account).
 */
export const profileUpdateSchema = z.strictObject({
  name: personName().optional(),
  email: email().optional(),
  current_password: givenPassword().optional(),
  gender: z.enum(GENDERS, { error: 'user.gender_invalid' }).optional(),
  marital_status: optionalText(50),
  birthday: isoDate()
    .nullish()
    .or(z.literal('').transform(() => null)),
  id_card: optionalText(30),
  id_card_date: isoDate()
    .nullish()
    .or(z.literal('').transform(() => null)),
  id_card_place: optionalText(200),
  phone: phone(),
  zalo: optionalText(100),
  facebook: optionalText(300),
  address: optionalText(500),
  avatar: avatarUrl(),
});

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Gender from a form: "" means not given. */
const gender = () =>
  z.union([z.enum(GENDERS).nullish(), z.literal('').transform(() => null)], {
    error: 'user.gender_invalid',
  });

const optionalDate = () =>
  isoDate()
    .nullish()
    .or(z.literal('').transform(() => null));

const userStatus = () => z.enum(USER_STATUSES, { error: 'user.status_invalid' });

/** The fields an administrator edits on a user. Any other field (roles, password...) is a 422 naming it. */
const userFields = {
  gender: gender(),
  birthday: optionalDate(),
  phone: phone(),
  zalo: optionalText(100),
  facebook: optionalText(300),
  address: optionalText(500),
};

/** POST /register (JSON or multipart). Status defaults to `disable`. */
export const userCreateSchema = z.strictObject({
  name: personName(),
  email: email(),
  password: newPassword(),
  status: userStatus().optional(),
  ...userFields,
});

/**
 * PATCH /users/{id} (JSON or multipart): only the fields sent change. One's own email moves
 * only with `current_password`, as in the profile.
 */
export const userUpdateSchema = z.strictObject({
  name: personName().optional(),
  email: email().optional(),
  current_password: givenPassword().optional(),
  status: userStatus().optional(),
  ...userFields,
  avatar: avatarUrl(),
});

export const SEARCH_ROLES = ['has', 'no'] as const;

/** The two ways to reset a password: a one-time default password, or a mail with a link. */
export const passwordResetRequestSchema = z.strictObject({
  mode: z.enum(['default', 'mail'], { error: 'reset.mode_invalid' }),
});

/** The public route that sets a new password with a reset link's token. */
export const passwordResetSchema = z.strictObject({
  token: opaqueToken({ max: 200, required: 'reset.token_invalid', invalid: 'reset.token_invalid' }),
  new_password: newPassword(),
});

export const passwordResetResultSchema = z.object({
  mode: z.enum(['default', 'mail']),
  /** The one-time password, shown once (mode `default`). */
  password: z.string().optional(),
  /** When the link stops working (mode `mail`). */
  expires_at: z.string().optional(),
});

export type PasswordResetResult = z.infer<typeof passwordResetResultSchema>;
export type UserCreate = z.infer<typeof userCreateSchema>;
export type UserUpdate = z.infer<typeof userUpdateSchema>;
