// Password reset (spec sections 4 and 5): asking by username, completing with the
// token from the e-mail. The web form adds a confirmation that must match.
import * as z from 'zod/mini';
import { newPasswordField, withPasswordConfirmation } from './auth.ts';
import { requiredText } from './fields.ts';

export const requestPasswordResetSchema = z.object({
  username: requiredText('common.validation.username.required', 64),
  /** Checked by the captcha feature when it guards this call; ignored here. */
  captchaToken: z.optional(z.string().check(z.maxLength(10_000))),
});
export type RequestPasswordResetInput = z.input<typeof requestPasswordResetSchema>;

export const completePasswordResetSchema = z.object({
  token: requiredText('common.validation.token.required', 200),
  newPassword: newPasswordField(),
});
export type CompletePasswordResetInput = z.input<typeof completePasswordResetSchema>;

export const completePasswordResetFormSchema = withPasswordConfirmation(completePasswordResetSchema.shape);
export type CompletePasswordResetFormInput = z.input<typeof completePasswordResetFormSchema>;
