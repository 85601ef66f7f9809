// WhatsApp settings (issue 36, decision 0062) and the payloads of their admin calls: save, send
// a test message. Meta's access token and app secret never come back: a placeholder stands for
// "unchanged", and only with the saved API address and phone number (as the SMS token).
import * as z from 'zod/mini';
import { LANGUAGES } from '../enums.ts';
import { msg } from '../i18n/message-key.ts';

export const WHATSAPP_SECRET_PLACEHOLDER = '********';
/** Meta's Graph API; a setting, so tests and a proxy can stand in for it. */
export const WHATSAPP_BASE_URL = 'https://graph.facebook.com';
export const WHATSAPP_API_VERSION = 'v23.0';
/** How many WhatsApp messages one number gets a day at most (the rest wait for the next day). */
export const WHATSAPP_DEFAULT_DAILY_CAP = 5;

export const DEFAULT_WHATSAPP_SETTINGS = {
  enabled: false,
  baseUrl: WHATSAPP_BASE_URL,
  apiVersion: WHATSAPP_API_VERSION,
  phoneNumberId: '',
  accessToken: '',
  appSecret: '',
  dailyCap: WHATSAPP_DEFAULT_DAILY_CAP,
};

const REQUIRED = msg('admin-settings.validation.whatsapp.required');

const text = (max: number) =>
  z
    .string({ error: msg('common.validation.invalidType') })
    .check(z.trim(), z.maxLength(max, msg('common.validation.tooLong')));

const secret = z
  .string({ error: msg('common.validation.invalidType') })
  .check(z.maxLength(400, msg('common.validation.tooLong')));

export const whatsappSettingsSchema = z
  .object({
    enabled: z.boolean({ error: msg('common.validation.invalidType') }),
    // HTTPS: the token goes in each call. Plain HTTP only to this machine (a stand-in, a proxy).
    baseUrl: text(300).check(
      z.regex(
        /^(https:\/\/[^\s/?#@]+|http:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d{1,5})?)\/?$/,
        msg('admin-settings.validation.whatsapp.baseUrl'),
      ),
    ),
    apiVersion: text(10).check(z.regex(/^v\d{1,2}\.\d$/, msg('admin-settings.validation.whatsapp.apiVersion'))),
    phoneNumberId: text(24).check(z.regex(/^\d*$/, msg('admin-settings.validation.whatsapp.phoneNumberId'))),
    accessToken: secret,
    appSecret: secret,
    dailyCap: z
      .number({ error: REQUIRED })
      .check(
        z.int(msg('admin-settings.validation.whatsapp.dailyCap')),
        z.gte(1, msg('admin-settings.validation.whatsapp.dailyCap')),
        z.lte(50, msg('admin-settings.validation.whatsapp.dailyCap')),
      ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (!value.enabled) return;
      for (const field of ['phoneNumberId', 'accessToken', 'appSecret'] as const) {
        if (value[field] === '') ctx.issues.push({ code: 'custom', message: REQUIRED, input: '', path: [field] });
      }
    }),
  );
export type WhatsappSettings = z.output<typeof whatsappSettingsSchema>;

/** As answered: each secret is the placeholder when one is stored, else empty. */
export const whatsappSettingsResponseSchema = z.object({
  enabled: z.boolean(),
  baseUrl: z.string(),
  apiVersion: z.string(),
  phoneNumberId: z.string(),
  accessToken: z.string(),
  appSecret: z.string(),
  dailyCap: z.number(),
  /** The callback URL to give Meta's webhook (messages: SAIR/STOP replies and the stop button). */
  webhookUrl: z.string(),
  /** The verify token Meta's webhook set-up asks for (derived from APP_SECRET). */
  verifyToken: z.string(),
});
export type WhatsappSettingsResponse = z.output<typeof whatsappSettingsResponseSchema>;

/** A test message (the confirmation template) with the saved settings to a number the admin types. */
export const sendTestWhatsappSchema = z.object({
  to: text(40).check(z.minLength(1, REQUIRED)),
  language: z.optional(z.enum(LANGUAGES)),
});
