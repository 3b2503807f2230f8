import { z } from 'zod';

/**
 * Building blocks for every resource schema. Messages are catalogue keys
 * (messages/catalog.ts): the API translates them into the request's language
 * and the admin into the interface language.
 */

// Tab, line feed and carriage return are ordinary text (a form sends a textarea's line
// breaks as CR LF); every other C0 control and DEL is refused: NUL above all, which
// PostgreSQL cannot store and SQLite's full-text search cannot match.
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const hasControlChars = (value: string) => CONTROL_CHARS.test(value);

/** A length as people count it: characters (code points), so an emoji counts once, not twice. */
export const charCount = (value: string) => {
  let count = 0;
  for (const _ of value) count += 1;
  return count;
};

const requiredError = (key: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? key : undefined;

/**
 * Text as it comes in: refused when it holds a control character, else put in Unicode
 * NFC, so that text typed decomposed (some Vietnamese keyboards) and composed is the
 * same text: it matches, it is unique once, and its length is the same.
 */
export const text = (options: { required?: string } = {}) =>
  z
    .string(options.required ? { error: requiredError(options.required) } : undefined)
    .refine((value) => !hasControlChars(value), { error: 'validation.control_chars', abort: true })
    .normalize('NFC');

type LengthOptions = { min?: number; max: number; tooShort?: string; tooLong?: string };

/** Length limits in characters (code points); the messages get `minimum` / `maximum`. */
export const charLength =
  ({
    min = 0,
    max,
    tooShort = 'validation.too_short',
    tooLong = 'validation.too_long',
  }: LengthOptions) =>
  (value: string, ctx: z.RefinementCtx) => {
    const count = charCount(value);
    if (count < min)
      ctx.addIssue({
        code: 'too_small',
        origin: 'string',
        minimum: min,
        inclusive: true,
        input: value,
        message: tooShort,
      });
    if (count > max)
      ctx.addIssue({
        code: 'too_big',
        origin: 'string',
        maximum: max,
        inclusive: true,
        input: value,
        message: tooLong,
      });
  };

type TextOptions = {
  min?: number;
  max: number;
  required?: string;
  tooShort?: string;
  tooLong?: string;
};

/** A required, trimmed plain-text value. */
export const requiredText = ({
  min = 1,
  max,
  required = 'validation.required',
  tooShort,
  tooLong,
}: TextOptions) =>
  text({ required })
    .trim()
    .min(1, { error: required, abort: true })
    .superRefine(charLength({ min, max, tooShort, tooLong }))
    .meta({ minLength: min, maxLength: max });

/** An optional plain-text value; `null` or "" clear it. */
export const optionalText = (max: number, tooLong = 'validation.too_long') =>
  text()
    .superRefine(charLength({ max, tooLong }))
    .meta({ maxLength: max })
    .nullish()
    .transform((value) => (value === '' ? null : value));

/** A token the server handed out (refresh token, reset link, captcha id): printable ASCII. */
export const opaqueToken = ({
  max,
  required = 'validation.required',
  invalid = 'validation.invalid',
}: {
  max: number;
  required?: string;
  invalid?: string;
}) =>
  z
    .string({ error: requiredError(required) })
    .min(1, { error: required, abort: true })
    .max(max, { error: invalid, abort: true })
    .regex(/^[\x21-\x7E]+$/, { error: invalid });

export const email = () =>
  text({ required: 'email.required' })
    .trim()
    .min(1, { error: 'email.required', abort: true })
    .max(254, { error: 'email.invalid' })
    .pipe(z.email({ error: 'email.invalid' }))
    .transform((value) => value.toLowerCase());

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 200;

// The most common passwords of public breach lists that would pass the length rule.
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  'password',
  'password1',
  'password123',
  'passw0rd',
  'qwertyui',
  'qwerty123',
  'qwertyuiop',
  '11111111',
  '00000000',
  '88888888',
  '66666666',
  '12341234',
  '87654321',
  '1q2w3e4r',
  '1qaz2wsx',
  'iloveyou',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'superman',
  'abc12345',
  'abcd1234',
  'admin123',
  'administrator',
  'welcome1',
  'letmein1',
  'trustno1',
  'zaq12wsx',
  'asdfghjk',
  'matkhau123',
  'matkhau1',
  'anhyeuem',
  'anhyeuem1',
  'iloveyou1',
  '123123123',
  '147258369',
  '123654789',
  'changeme',
]);

export const isCommonPassword = (value: string) => COMMON_PASSWORDS.has(value.toLowerCase());

/**
 * Passwords are text too: NFC, so that a password typed on a keyboard that composes and on
 * one that does not is the same password; the limits count characters.
 */
export const newPassword = () =>
  text({ required: 'password.required' })
    .min(1, { error: 'password.required', abort: true })
    .superRefine(
      charLength({
        min: PASSWORD_MIN,
        max: PASSWORD_MAX,
        tooShort: 'password.min',
        tooLong: 'password.max',
      }),
    )
    .refine((value) => !isCommonPassword(value), { error: 'password.common' })
    .meta({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX });

/** A password being checked (sign-in, current password): only presence and a sane length. */
export const givenPassword = () =>
  text({ required: 'password.required' })
    .min(1, { error: 'password.required', abort: true })
    .superRefine(charLength({ max: PASSWORD_MAX, tooLong: 'password.max' }))
    .meta({ minLength: 1, maxLength: PASSWORD_MAX });

export const personName = () =>
  requiredText({
    min: 2,
    max: 200,
    required: 'name.required',
    tooShort: 'name.length',
    tooLong: 'name.length',
  });

export const id = () =>
  z
    .number({ error: requiredError('validation.required') })
    .int({ error: 'validation.integer' })
    .min(1);

/** Path parameter `{id}`: digits only, turned into a number. */
export const idParam = z.object({
  id: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, { error: 'error.not_found' })
    .transform(Number)
    // Path parameters arrive as text; the API description says what they hold.
    .meta({ type: 'integer', minimum: 1, maximum: 999_999_999_999_999 }),
});

export const isoDate = () => z.iso.date({ error: 'validation.date' });

export const timestamps = {
  created_at: z.string(),
  updated_at: z.string(),
};
