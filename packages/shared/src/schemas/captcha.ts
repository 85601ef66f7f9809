// Captcha settings (spec section 3, decision 0002 §14): on by default with the self-hosted
// proof-of-work (ALTCHA); an admin may choose a provider with its keys instead.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';

export const CAPTCHA_PROVIDERS = ['altcha', 'turnstile', 'recaptcha', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Stands for "the stored secret key, unchanged": the secret never goes back to a browser. */
export const SECRET_PLACEHOLDER = '••••••••';

export const captchaSettingsSchema = z
  .object({
    enabled: z.boolean({ error: msg('admin-settings.validation.captcha.enabled') }),
    provider: z.enum(CAPTCHA_PROVIDERS, { error: msg('admin-settings.validation.captcha.provider') }),
    siteKey: z.pipe(
      z.nullish(z.string().check(z.trim(), z.maxLength(500, msg('common.validation.tooLong')))),
      z.transform((v: string | null | undefined) => v || null),
    ),
    secretKey: z.pipe(
      z.nullish(z.string().check(z.trim(), z.maxLength(500, msg('common.validation.tooLong')))),
      z.transform((v: string | null | undefined) => v || null),
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.provider === 'altcha') return;
      if (!value.siteKey)
        ctx.issues.push({
          code: 'custom',
          input: value,
          path: ['siteKey'],
          message: msg('admin-settings.validation.captcha.siteKey'),
        });
      if (!value.secretKey)
        ctx.issues.push({
          code: 'custom',
          input: value,
          path: ['secretKey'],
          message: msg('admin-settings.validation.captcha.secretKey'),
        });
    }),
  );
export type CaptchaSettingsInput = z.input<typeof captchaSettingsSchema>;

/** What GET /api/admin/captcha-settings answers: the secret only as "set or not". */
export const captchaSettingsViewSchema = z.object({
  enabled: z.boolean(),
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.nullable(z.string()),
  secretKey: z.nullable(z.string()),
  /** CAPTCHA=off in the environment: the stored setting is overridden. */
  disabledByEnvironment: z.boolean(),
});
export type CaptchaSettingsView = z.infer<typeof captchaSettingsViewSchema>;

/** What GET /api/captcha gives the public side: nothing secret. */
export const publicCaptchaSchema = z.object({
  enabled: z.boolean(),
  provider: z.enum(CAPTCHA_PROVIDERS),
  siteKey: z.nullable(z.string()),
  /** A fresh ALTCHA challenge (provider altcha only). */
  challenge: z.nullable(z.unknown()),
});
export type PublicCaptcha = z.infer<typeof publicCaptchaSchema>;
