import { z } from 'zod';

/**
 * Building blocks for every resource schema. Messages are catalogue keys
 * (messages/catalog.ts): the API translates them into the request's language
 * and the admin into the interface language.
 */

// Tab, line feed and carriage return are ordinary text; every other C0 control
// (NUL above all: PostgreSQL refuses it) is refused.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

const requiredError = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? key : undefined;

type TextOptions = { min?: number; max: number; required?: string; tooShort?: string; tooLong?: string };

/** A required, trimmed plain-text value. */
export const requiredText = ({ min = 1, max, required = 'validation.required', tooShort, tooLong }: TextOptions) =>
  z
    .string({ error: requiredError(required) })
    .trim()
    .min(1, { error: required, abort: true })
    .min(min, { error: tooShort ?? 'validation.too_short' })
    .max(max, { error: tooLong ?? 'validation.too_long' })
    .refine((value) => !CONTROL_CHARS.test(value), { error: 'validation.control_chars' });

/** An optional plain-text value; `null` or "" clear it. */
export const optionalText = (max: number, tooLong = 'validation.too_long') =>
  z
    .string()
    .max(max, { error: tooLong })
    .refine((value) => !CONTROL_CHARS.test(value), { error: 'validation.control_chars' })
    .nullish()
    .transform((value) => (value === '' ? null : value));

export const email = () =>
  z
    .string({ error: requiredError('email.required') })
    .trim()
    .min(1, { error: 'email.required', abort: true })
    .max(254, { error: 'email.invalid' })
    .pipe(z.email({ error: 'email.invalid' }))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

// The most common passwords of public breach lists that would pass the length rule.
const COMMON_PASSWORDS = new Set([
  '12345678', '123456789', '1234567890', 'password', 'password1', 'password123', 'passw0rd',
  'qwertyui', 'qwerty123', 'qwertyuiop', '11111111', '00000000', '88888888', '66666666',
  '12341234', '87654321', '1q2w3e4r', '1qaz2wsx', 'iloveyou', 'sunshine', 'princess',
  'football', 'baseball', 'superman', 'abc12345', 'abcd1234', 'admin123', 'administrator',
  'welcome1', 'letmein1', 'trustno1', 'zaq12wsx', 'asdfghjk', 'matkhau123', 'matkhau1',
  'anhyeuem', 'anhyeuem1', 'iloveyou1', '123123123', '147258369', '123654789', 'changeme',
]);

export const isCommonPassword = (value: string) => COMMON_PASSWORDS.has(value.toLowerCase());

export const newPassword = () =>
  z
    .string({ error: requiredError('password.required') })
    .min(1, { error: 'password.required', abort: true })
    .min(PASSWORD_MIN, { error: 'password.min' })
    .max(PASSWORD_MAX, { error: 'password.max' })
    .refine((value) => !isCommonPassword(value), { error: 'password.common' });

/** A password being checked (sign-in, current password): only presence and a sane length. */
export const givenPassword = () =>
  z
    .string({ error: requiredError('password.required') })
    .min(1, { error: 'password.required', abort: true })
    .max(PASSWORD_MAX, { error: 'password.max' });

export const personName = () =>
  requiredText({ min: 2, max: 200, required: 'name.required', tooShort: 'name.length', tooLong: 'name.length' });

export const id = () => z.number({ error: requiredError('validation.required') }).int({ error: 'validation.integer' }).positive();

/** Path parameter `{id}`: digits only, turned into a number. */
export const idParam = z.object({
  id: z.string().regex(/^[1-9]\d{0,14}$/, { error: 'error.not_found' }).transform(Number),
});

export const isoDate = () => z.iso.date({ error: 'validation.date' });



export const timestamps = {
  created_at: z.string(),
  updated_at: z.string(),
};
