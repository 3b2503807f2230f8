import { z } from 'zod';
import { email, givenPassword, newPassword } from './schema-kit';

export const loginSchema = z.object({
  email: email(),
  password: givenPassword(),
  captcha_id: z.string().max(100).optional(),
  captcha: z.string().max(20).optional(),
});

export const refreshSchema = z.object({
  refresh_token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(500),
});

export const tokenPairSchema = z.object({
  token_type: z.literal('Bearer'),
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number(),
});

export const passwordChangeSchema = z.object({
  current_password: givenPassword().optional(),
  new_password: newPassword(),
});

export const captchaSchema = z.object({ data: z.object({ captcha_id: z.string(), image: z.string() }) });

export type Login = z.infer<typeof loginSchema>;
export type TokenPair = z.infer<typeof tokenPairSchema>;
export type PasswordChange = z.infer<typeof passwordChangeSchema>;
