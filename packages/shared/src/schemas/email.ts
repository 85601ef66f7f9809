// E-mail settings (spec section 3) and the payloads of their admin calls: save, test a
// connection, send a test e-mail. The SMTP password never comes back: a placeholder
// stands for "unchanged" (decision 0002 §15).
import * as z from 'zod/mini';
import { EMAIL_DEFAULT_ENABLED, EMAIL_DEFAULT_PORT, EMAIL_DEFAULT_SECURE } from '../constants.ts';
import { LANGUAGES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';

export const SMTP_PASSWORD_PLACEHOLDER = '********';

export const DEFAULT_EMAIL_SETTINGS = {
  enabled: EMAIL_DEFAULT_ENABLED,
  host: '',
  port: EMAIL_DEFAULT_PORT,
  secure: EMAIL_DEFAULT_SECURE,
  auth: { user: '', pass: '' },
  from: '',
};

const REQUIRED = msg('admin-email.validation.emailSettings.required');
const SMTP_REQUIRED = msg('admin-email.validation.emailSettings.smtpRequired');
const INVALID_EMAIL = msg('admin-email.validation.emailSettings.invalidEmail');

const emailFormat = z.email();
const isEmail = (value: string) => value.length <= 254 && z.safeParse(emailFormat, value).success;

/** `address` or `Name <address>`; no line breaks anywhere (they would forge headers). */
export function isValidFromAddress(value: string): boolean {
  if (/[\r\n]/.test(value)) return false;
  const named = /^([^<>]*)<([^<>]+)>$/.exec(value.trim());
  return named ? isEmail((named[2] ?? '').trim()) : isEmail(value.trim());
}

const text = (max: number) =>
  z
    .string({ error: msg('common.validation.invalidType') })
    .check(z.trim(), z.maxLength(max, msg('common.validation.tooLong')));

const settingsShape = {
  enabled: z.boolean({ error: msg('common.validation.invalidType') }),
  host: text(253).check(z.regex(/^[^\s/\\]*$/, msg('admin-email.validation.emailSettings.hostInvalid'))),
  port: z
    .number({ error: REQUIRED })
    .check(
      z.int(msg('admin-email.validation.emailSettings.portInvalid')),
      z.gte(1, msg('admin-email.validation.emailSettings.portInvalid')),
      z.lte(65535, msg('admin-email.validation.emailSettings.portInvalid')),
    ),
  secure: z.boolean({ error: msg('common.validation.invalidType') }),
  auth: z.object({
    user: text(200).check(z.regex(/^[^\r\n]*$/, msg('common.validation.invalid'))),
    pass: z
      .string({ error: msg('common.validation.invalidType') })
      .check(z.maxLength(500, msg('common.validation.tooLong'))),
  }),
  from: text(300).check(z.refine((value) => value === '' || isValidFromAddress(value), INVALID_EMAIL)),
};

/** Saved settings: when e-mail is enabled, the server, the port and the sender are required. */
export const emailSettingsSchema = z.object(settingsShape).check(
  z.superRefine((value, ctx) => {
    if (!value.enabled) return;
    for (const field of ['host', 'from'] as const) {
      if (value[field] === '')
        ctx.issues.push({ code: 'custom', message: REQUIRED, input: value[field], path: [field] });
    }
  }),
);
export type EmailSettingsInput = z.input<typeof emailSettingsSchema>;
export type EmailSettings = z.output<typeof emailSettingsSchema>;

/** The server fields must be filled before a connection is tried. */
const smtpSettingsSchema = z.object(settingsShape).check(
  z.superRefine((value, ctx) => {
    if (value.host === '')
      ctx.issues.push({ code: 'custom', message: SMTP_REQUIRED, input: value.host, path: ['host'] });
  }),
);

export const testEmailConnectionSchema = z.object({ settings: smtpSettingsSchema });
export type TestEmailConnectionInput = z.input<typeof testEmailConnectionSchema>;

/** The spec's send-test payload: to, settings, language. */
export const sendTestEmailSchema = z.object({
  to: z.string({ error: INVALID_EMAIL }).check(z.trim(), z.refine(isEmail, INVALID_EMAIL)),
  settings: smtpSettingsSchema.check(
    z.superRefine((value, ctx) => {
      if (value.from === '') ctx.issues.push({ code: 'custom', message: REQUIRED, input: value.from, path: ['from'] });
    }),
  ),
  language: z.optional(z.enum(LANGUAGES, { error: msg('common.validation.invalid') })),
});
export type SendTestEmailInput = z.input<typeof sendTestEmailSchema>;

/** What GET answers: the password is the placeholder when one is stored, empty otherwise. */
export const emailSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  host: z.string(),
  port: z.number(),
  secure: z.boolean(),
  auth: z.object({ user: z.string(), pass: z.string() }),
  from: z.string(),
});
export type EmailSettingsResponse = z.infer<typeof emailSettingsResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });
