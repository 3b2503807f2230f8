import { z } from 'zod';
import { email, givenPassword, newPassword, opaqueToken, requiredText } from './schema-kit';

export const loginSchema = z.strictObject({
  email: email(),
  password: givenPassword(),
  captcha_id: opaqueToken({ max: 100, invalid: 'auth.captcha_incorrect' }).optional(),
  // ALTCHA's payload: base64 of the solved challenge
  captcha: opaqueToken({ max: 1000, invalid: 'auth.captcha_incorrect' }).optional(),
});

export const refreshSchema = z.strictObject({
  refresh_token: opaqueToken({ max: 500 }),
});

export const tokenPairSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
});

export const passwordChangeSchema = z.strictObject({
  current_password: givenPassword().optional(),
  new_password: newPassword(),
});

/** A proof-of-work challenge in ALTCHA's form: find n ≤ maxnumber with SHA-256(salt + n) = challenge. */
export const captchaSchema = z.object({
  data: z.object({
    captcha_id: z.string(),
    algorithm: z.literal('SHA-256'),
    challenge: z.string(),
    salt: z.string(),
    signature: z.string(),
    maxnumber: z.number().int(),
  }),
});

export type Login = z.infer<typeof loginSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
export type Captcha = z.infer<typeof captchaSchema>['data'];

/** A sign-in whose password was right, of a user with two-factor sign-in: the code comes next. */
export const twoFactorChallengeSchema = z.object({
  two_factor: z.literal(true),
  challenge: z.string(),
});

export const loginAnswerSchema = z.union([tokenPairSchema, twoFactorChallengeSchema]);

const twoFactorCode = () =>
  requiredText({ max: 40, required: 'two_factor.code_required', tooLong: 'two_factor.code_wrong' });

/** `code`: a 6-digit code of the authenticator app, or an unused recovery code. */
export const twoFactorLoginSchema = z.strictObject({
  challenge: opaqueToken({ max: 1000, invalid: 'two_factor.challenge_invalid' }),
  code: twoFactorCode(),
});

export const twoFactorEnableSchema = z.strictObject({ code: twoFactorCode() });

export const twoFactorDisableSchema = z.strictObject({ current_password: givenPassword() });

export const twoFactorSetupSchema = z.object({
  data: z.object({ secret: z.string(), otpauth_url: z.string(), svg: z.string() }),
});

export const recoveryCodesSchema = z.object({
  data: z.object({ recovery_codes: z.array(z.string()) }),
});

export const sessionRecordSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  current: z.boolean(),
});

/** One's sessions that still work (`GET /profile/sessions`, `GET /users/{id}/sessions`). */
export const sessionListSchema = z.object({ data: z.array(sessionRecordSchema) });

export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>['data'];
export type SessionRecord = z.infer<typeof sessionRecordSchema>;
