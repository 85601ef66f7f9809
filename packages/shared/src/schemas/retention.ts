// Retention of personal data (issue 24, decision 0027): how many months after a request is
// completed or cancelled its contact data is anonymised, and how long the audit log is kept.
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';

export const RETENTION_DEFAULTS = { retentionMonths: 24, auditRetentionMonths: 60 } as const;
export const RETENTION_LIMITS = {
  retentionMonths: { min: 1, max: 120 },
  auditRetentionMonths: { min: 12, max: 240 },
} as const;

const months = (limits: { min: number; max: number }, key: Parameters<typeof msg>[0]) =>
  z.number({ error: msg(key) }).check(z.int(msg(key)), z.gte(limits.min, msg(key)), z.lte(limits.max, msg(key)));

export const retentionSettingsSchema = z.object({
  retentionMonths: months(RETENTION_LIMITS.retentionMonths, 'admin-settings.validation.retention.months'),
  auditRetentionMonths: months(
    RETENTION_LIMITS.auditRetentionMonths,
    'admin-settings.validation.retention.auditMonths',
  ),
});
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>;
export type RetentionSettingsInput = z.input<typeof retentionSettingsSchema>;
