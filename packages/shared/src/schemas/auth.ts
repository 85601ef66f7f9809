// Administrator sign-in, the profile of the signed-in account and the change of its
// own password (the API's payload, and the web form that adds a confirmation).
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { ROLES } from '../enums.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { requiredText } from './fields.ts';

export const loginSchema = z.object({
  username: requiredText('validation.username.required', 64),
  password: z
    .string({ error: msg('validation.password.required') })
    .check(z.minLength(1, msg('validation.password.required')), z.maxLength(200, msg('validation.tooLong'))),
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
  twoFactorEnabled: z.boolean(),
  /** Two-factor is required for this account and not set up: only its setup is open (decision 0026). */
  twoFactorSetupRequired: z.boolean(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/** A new password: at least 6 characters ('A nova senha deve ter pelo menos 6 caracteres'), at most 200. */
export function newPasswordField(minKey: MessageKey = 'validation.password.min') {
  return z
    .string({ error: minKey })
    .check(z.minLength(PASSWORD_MIN_LENGTH, minKey), z.maxLength(200, msg('validation.tooLong')));
}

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: msg('validation.password.currentRequired') })
    .check(z.minLength(1, msg('validation.password.currentRequired')), z.maxLength(200, msg('validation.tooLong'))),
  newPassword: newPasswordField(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * A web form's schema: the API's `fields` (with the new password) plus a confirmation that
 * must match it; the mismatch shows on the confirmation.
 */
export function withPasswordConfirmation<S extends z.core.$ZodShape & { newPassword: z.ZodMiniType<string> }>(
  fields: S,
) {
  return z
    .object({
      ...fields,
      confirmPassword: z
        .string({ error: msg('validation.password.confirmRequired') })
        .check(z.minLength(1, msg('validation.password.confirmRequired'))),
    })
    .check(
      z.refine(
        (v) => {
          const { newPassword, confirmPassword } = v as { newPassword: string; confirmPassword: string };
          return confirmPassword === '' || confirmPassword === newPassword;
        },
        { message: msg('validation.password.mismatch'), path: ['confirmPassword'] },
      ),
    );
}

export const changePasswordFormSchema = withPasswordConfirmation(changePasswordSchema.shape);
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;
