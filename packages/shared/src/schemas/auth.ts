// Administrator sign-in and the profile of the signed-in account.
import * as z from 'zod/mini';
import { ROLES } from '../enums.ts';
import { requiredText } from './fields.ts';

export const loginSchema = z.object({
  username: requiredText('validation.username.required', 64),
  password: z
    .string({ error: 'validation.password.required' })
    .check(z.minLength(1, 'validation.password.required'), z.maxLength(200, 'validation.tooLong')),
  captchaToken: z.optional(z.string().check(z.maxLength(10_000))),
});
export type LoginInput = z.input<typeof loginSchema>;

export const adminProfileSchema = z.object({
  id: z.number(),
  username: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: z.enum(ROLES),
  language: z.enum(['pt', 'en']),
  companyIds: z.array(z.number()),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;
