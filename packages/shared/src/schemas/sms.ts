// SMS settings (issue 36, decision 0061) and the payloads of their admin calls: save, send a
// test SMS. The provider's auth token never comes back: a placeholder stands for "unchanged",
// and only with the saved provider address and account (as the SMTP password, decision 0002 §15).
import * as z from 'zod/mini';
import { LANGUAGES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';

export const SMS_TOKEN_PLACEHOLDER = '********';
export const SMS_PROVIDERS = ['twilio', 'zenvia'] as const;
export type SmsProvider = (typeof SMS_PROVIDERS)[number];
/** Each provider's own address; a setting, so tests and a proxy can stand in for it. */
export const SMS_BASE_URLS: Record<SmsProvider, string> = {
  twilio: 'https://api.twilio.com',
  zenvia: 'https://api.zenvia.com',
};
export const TWILIO_BASE_URL = SMS_BASE_URLS.twilio;
/** How many SMS one number gets a day at most (the rest wait for the next day). */
export const SMS_DEFAULT_DAILY_CAP = 5;

export const DEFAULT_SMS_SETTINGS = {
  enabled: false,
  provider: 'twilio' as SmsProvider,
  baseUrl: TWILIO_BASE_URL,
  accountSid: '',
  token: '',
  from: '',
  dailyCap: SMS_DEFAULT_DAILY_CAP,
};

const REQUIRED = msg('admin-settings.validation.sms.required');

const text = (max: number) =>
  z
    .string({ error: msg('common.validation.invalidType') })
    .check(z.trim(), z.maxLength(max, msg('common.validation.tooLong')));

export const smsSettingsSchema = z
  .object({
    enabled: z.boolean({ error: msg('common.validation.invalidType') }),
    provider: z.enum(SMS_PROVIDERS, { error: msg('common.validation.invalid') }),
    // HTTPS: the token goes in each call's Basic auth. Plain HTTP only to this machine (a stand-in, a proxy).
    baseUrl: text(300).check(
      z.regex(
        /^(https:\/\/[^\s/?#@]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?)\/?$/,
        msg('admin-settings.validation.sms.baseUrl'),
      ),
    ),
    accountSid: text(64).check(z.regex(/^(AC[0-9a-fA-F]{32})?$/, msg('admin-settings.validation.sms.accountSid'))),
    token: z
      .string({ error: msg('common.validation.invalidType') })
      .check(z.maxLength(200, msg('common.validation.tooLong'))),
    // Twilio: a number in E.164 or a Messaging Service's SID; Zenvia: the sender's name (checked below).
    from: text(40),
    dailyCap: z
      .number({ error: REQUIRED })
      .check(
        z.int(msg('admin-settings.validation.sms.dailyCap')),
        z.gte(1, msg('admin-settings.validation.sms.dailyCap')),
        z.lte(50, msg('admin-settings.validation.sms.dailyCap')),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      const sender = value.provider === 'twilio' ? /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})?$/ : /^[\w .-]*$/;
      if (!sender.test(value.from)) {
        const message = msg(`admin-settings.validation.sms.from.${value.provider}`);
        ctx.issues.push({ code: 'custom', message, input: value.from, path: ['from'] });
      }
      if (!value.enabled) return;
      const required =
        value.provider === 'twilio' ? (['accountSid', 'token', 'from'] as const) : (['token', 'from'] as const);
      for (const field of required) {
        if (value[field] === '') ctx.issues.push({ code: 'custom', message: REQUIRED, input: '', path: [field] });
      }
    }),
  );
export type SmsSettings = z.output<typeof smsSettingsSchema>;

/** As answered: the token is the placeholder when one is stored, else empty. */
export const smsSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  provider: z.enum(SMS_PROVIDERS),
  baseUrl: z.string(),
  accountSid: z.string(),
  token: z.string(),
  from: z.string(),
  dailyCap: z.number(),
  /** The address to give the provider for replies (SAIR/STOP). */
  inboundUrl: z.string(),
  /** Zenvia's subscription sends it in X-Acende-Webhook-Token (empty with Twilio, which signs). */
  inboundToken: z.string(),
});
export type SmsSettingsResponse = z.output<typeof smsSettingsResponseSchema>;

/** A test SMS with the saved settings to a number the admin types. */
export const sendTestSmsSchema = z.object({
  to: text(40).check(z.minLength(1, REQUIRED)),
  language: z.optional(z.enum(LANGUAGES)),
});
