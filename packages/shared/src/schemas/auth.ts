// Administrator sign-in, the profile of the signed-in account and the change of its
// own password (the API's payload, and the web form that adds a confirmation).
import * as z from 'zod/mini';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';
import { ROLES } from '../enums.ts';
import { type MessageKey, msg } from '../i18n/message-key.ts';
import { requiredText } from './fields.ts';
import { twoFactorRequiredSchema } from './two-factor.ts';

export const loginSchema = z.object({
  username: requiredText('common.validation.username.required', 64),
  password: z
    .string({ error: msg('common.validation.password.required') })
    .check(
      z.minLength(1, msg('common.validation.password.required')),
      z.maxLength(200, msg('common.validation.tooLong')),
    ),
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
  /** A 'crew' account's crew (decision 0068): it signs in to the field app at /campo. Null otherwise. */
  crewId: z.nullable(z.number()),
  twoFactorEnabled: z.boolean(),
  /** Two-factor is required for this account and not set up: only its setup is open (decision 0026). */
  twoFactorSetupRequired: z.boolean(),
});
export type AdminProfile = z.infer<typeof adminProfileSchema>;

/** A new password: at least 6 characters ('A nova senha deve ter pelo menos 6 caracteres'), at most 200. */
export function newPasswordField(minKey: MessageKey = 'common.validation.password.min') {
  return z
    .string({ error: minKey })
    .check(z.minLength(PASSWORD_MIN_LENGTH, minKey), z.maxLength(200, msg('common.validation.tooLong')));
}

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: msg('common.validation.password.currentRequired') })
    .check(
      z.minLength(1, msg('common.validation.password.currentRequired')),
      z.maxLength(200, msg('common.validation.tooLong')),
    ),
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
        .string({ error: msg('common.validation.password.confirmRequired') })
        .check(z.minLength(1, msg('common.validation.password.confirmRequired'))),
    })
    .check(
      z.refine(
        (v) => {
          const { newPassword, confirmPassword } = v as { newPassword: string; confirmPassword: string };
          return confirmPassword === '' || confirmPassword === newPassword;
        },
        { message: msg('common.validation.password.mismatch'), path: ['confirmPassword'] },
      ),
    );
}

export const changePasswordFormSchema = withPasswordConfirmation(changePasswordSchema.shape);
export type ChangePasswordFormInput = z.infer<typeof changePasswordFormSchema>;

/**
 * The sign-in's answer past the account's budget of password checks (decision 0042): no
 * password was checked; a one-time link went to the account's e-mail if it has one. The same
 * for every password, every name and every account.
 */
export const signInLinkSentSchema = z.object({ signInLinkSent: z.literal(true), message: z.string() });
export type SignInLinkSent = z.infer<typeof signInLinkSentSchema>;

/** Signing in with the e-mailed link's token. */
export const signInWithLinkSchema = z.object({ token: requiredText('common.validation.token.required', 200) });
export type SignInWithLink = z.infer<typeof signInWithLinkSchema>;

/** The sign-in's 202: the second factor is asked for, or a link was e-mailed. */
export const signInNextStepSchema = z.union([twoFactorRequiredSchema, signInLinkSentSchema]);
