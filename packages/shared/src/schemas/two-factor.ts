// Two-factor sign-in (issue 24, decision 0026): the second sign-in step, enrolment, turning
// it off, its status and the "required for admins" setting.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';
import { requiredText } from './fields.ts';

/** An authenticator app's six digits (spaces allowed as typed: "123 456"). */
export const totpCodeField = z.pipe(
  z.pipe(
    z
      .string({ error: msg('admin-access.validation.twoFactor.codeRequired') })
      .check(z.maxLength(20, msg('common.validation.tooLong'))),
    z.transform((value: string) => value.replace(/\s+/g, '')),
  ),
  z
    .string()
    .check(
      z.minLength(1, msg('admin-access.validation.twoFactor.codeRequired')),
      z.regex(/^\d{6}$/, msg('admin-access.validation.twoFactor.codeFormat')),
    ),
);

/** The sign-in's second step: six digits, or one of the recovery codes. */
export const twoFactorSignInSchema = z.object({
  code: requiredText('admin-access.validation.twoFactor.codeRequired', 64),
});
export type TwoFactorSignIn = z.infer<typeof twoFactorSignInSchema>;

/**
 * Enrolment's confirmation: a code from the app, proving it holds the secret, and the
 * account's password, so a stolen session alone cannot tie the account to a stranger's app.
 */
export const confirmTwoFactorSchema = z.object({
  code: totpCodeField,
  password: requiredText('common.validation.password.currentRequired', 200),
});
export type ConfirmTwoFactor = z.infer<typeof confirmTwoFactorSchema>;

/** Turning it off takes a current code or the password. */
export const disableTwoFactorSchema = z
  .object({
    code: z.optional(z.string().check(z.maxLength(20, msg('common.validation.tooLong')))),
    password: z.optional(z.string().check(z.maxLength(200, msg('common.validation.tooLong')))),
  })
  .check(
    z.refine((v) => Boolean(v.code?.trim() || v.password), {
      message: msg('admin-access.validation.twoFactor.codeOrPassword'),
      path: ['password'],
    }),
  );
export type DisableTwoFactor = z.infer<typeof disableTwoFactorSchema>;

/** The sign-in's answer when the password was right and a second factor is due. */
export const twoFactorRequiredSchema = z.object({ twoFactorRequired: z.literal(true) });

/** Enrolment's first answer: the only time the secret leaves the server. */
export const twoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  qrSvg: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** Shown once, when enrolment is confirmed. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  recoveryCodesLeft: z.number(),
  /** The site requires it for this account (an admin while the setting is on). */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

export const securitySettingsSchema = z.object({
  requireTwoFactorForAdmins: z.boolean({ error: msg('common.validation.invalidType') }),
});
export type SecuritySettings = z.infer<typeof securitySettingsSchema>;
