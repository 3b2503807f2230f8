import { z } from 'zod';
import { charLength, email, givenPassword, newPassword, opaqueToken, text } from './schema-kit';

export const loginSchema = z.strictObject({
  email: email(),
  password: givenPassword(),
  captcha_id: opaqueToken({ max: 100 }).optional(),
  captcha: text()
    .superRefine(charLength({ max: 20 }))
    .meta({ maxLength: 20 })
    .optional(),
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

export const captchaSchema = z.object({
  data: z.object({ captcha_id: z.string(), image: z.string() }),
});

export type Login = z.infer<typeof loginSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
