// SMS settings in site_settings under the key 'sms' (issue 36): read with defaults, saved with
// the provider's auth token sealed (secret-box), answered with a placeholder instead. The
// stored token only ever goes to the provider address and account it was saved with.

import { createHmac } from 'node:crypto';
import {
  DEFAULT_SMS_SETTINGS,
  SMS_TOKEN_PLACEHOLDER,
  type SmsProvider,
  type SmsSettings,
  type SmsSettingsResponse,
} from '@acende/shared/schemas/sms';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { changedFields } from '../audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import { readSetting, writeSetting } from '../settings.repository.ts';

export const SMS_SETTINGS_KEY = 'sms';
const TOKEN_PURPOSE = 'sms-token';
/** Where each provider sends replies (Twilio's "A message comes in" webhook, Zenvia's subscription). */
export const SMS_INBOUND_PATHS: Record<SmsProvider, string> = {
  twilio: '/api/sms/twilio/inbound',
  zenvia: '/api/sms/zenvia/inbound',
};

interface StoredSmsSettings {
  enabled: boolean;
  provider: SmsProvider;
  baseUrl: string;
  accountSid: string;
  tokenSealed: string | null;
  from: string;
  dailyCap: number;
}

/** As the sender uses them: the token in clear, in memory only. */
export interface SmsSendSettings {
  enabled: boolean;
  provider: SmsProvider;
  baseUrl: string;
  accountSid: string;
  token: string;
  from: string;
  dailyCap: number;
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);

async function readStored(db: Db): Promise<StoredSmsSettings> {
  const stored = (await readSetting<Partial<StoredSmsSettings>>(db, SMS_SETTINGS_KEY)) ?? {};
  return {
    enabled: stored.enabled === true,
    provider: stored.provider === 'zenvia' ? 'zenvia' : 'twilio',
    baseUrl: str(stored.baseUrl, DEFAULT_SMS_SETTINGS.baseUrl),
    accountSid: str(stored.accountSid, ''),
    tokenSealed: typeof stored.tokenSealed === 'string' ? stored.tokenSealed : null,
    from: str(stored.from, ''),
    dailyCap: typeof stored.dailyCap === 'number' ? stored.dailyCap : DEFAULT_SMS_SETTINGS.dailyCap,
  };
}

function toResponse(deps: AppDeps, stored: StoredSmsSettings): SmsSettingsResponse {
  const { tokenSealed, ...rest } = stored;
  return {
    ...rest,
    token: tokenSealed ? SMS_TOKEN_PLACEHOLDER : '',
    inboundUrl: `${deps.config.PUBLIC_URL}${SMS_INBOUND_PATHS[stored.provider]}`,
    // Only an admin reads it: it lets a caller stop or restart a number's SMS, nothing more.
    inboundToken: stored.provider === 'zenvia' ? inboundTokenOf(deps.config.APP_SECRET) : '',
  };
}

/** The value Zenvia's subscription sends in X-Acende-Webhook-Token, derived from APP_SECRET. */
export function inboundTokenOf(appSecret: string): string {
  return createHmac('sha256', appSecret).update('acende:zenvia-inbound').digest('base64url');
}

/** The settings for the admin screen: never the token. */
export async function getSmsSettings(deps: AppDeps): Promise<SmsSettingsResponse> {
  return toResponse(deps, await readStored(deps.db));
}

/** What the audit log keeps: whether a token is stored, never the token. */
function audited(stored: StoredSmsSettings) {
  const { tokenSealed, ...rest } = stored;
  return { ...rest, tokenStored: tokenSealed !== null };
}

/** Saves the settings; the placeholder keeps the stored token, an empty one removes it. */
export async function saveSmsSettings(deps: AppDeps, input: SmsSettings, actor: AuditActor) {
  const current = await readStored(deps.db);
  if (input.token === SMS_TOKEN_PLACEHOLDER) assertStoredTokenMayGo(current, input);
  const tokenSealed =
    input.token === SMS_TOKEN_PLACEHOLDER
      ? current.tokenSealed
      : input.token === ''
        ? null
        : sealSecret(deps.config.APP_SECRET, TOKEN_PURPOSE, input.token);
  if (input.enabled && tokenSealed === null) {
    throw new AppError('admin-settings.validation.sms.required', 400, undefined, {
      token: 'admin-settings.validation.sms.required',
    });
  }
  const next: StoredSmsSettings = {
    enabled: input.enabled,
    provider: input.provider,
    baseUrl: input.baseUrl.replace(/\/$/, ''),
    accountSid: input.accountSid,
    tokenSealed,
    from: input.from,
    dailyCap: input.dailyCap,
  };
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, SMS_SETTINGS_KEY, next, now);
    const change = changedFields(audited(current), audited(next));
    const tokenChanged = input.token !== SMS_TOKEN_PLACEHOLDER;
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.sms.update',
        objectType: 'settings',
        objectId: 'sms',
        before: change.before,
        after: tokenChanged ? { ...change.after, tokenReplaced: true } : change.after,
      },
      now,
    );
  });
  return toResponse(deps, next);
}

/** The settings to send with, token unsealed. `db` may be a transaction. */
export async function readSmsSendSettings(deps: AppDeps, db: Db = deps.db): Promise<SmsSendSettings> {
  const { tokenSealed, ...rest } = await readStored(db);
  return { ...rest, token: tokenSealed ? (openSecret(deps.config.APP_SECRET, TOKEN_PURPOSE, tokenSealed) ?? '') : '' };
}

/** Whether SMS notices are offered and queued at all. */
export async function isSmsEnabled(db: Db): Promise<boolean> {
  const stored = await readStored(db);
  const account = stored.provider === 'zenvia' || stored.accountSid !== '';
  return stored.enabled && stored.tokenSealed !== null && stored.from !== '' && account;
}

/** The placeholder stands for the stored token only with the stored provider, address and account. */
function assertStoredTokenMayGo(stored: StoredSmsSettings, given: SmsSettings): void {
  if (stored.tokenSealed === null) return;
  const same =
    given.provider === stored.provider &&
    given.baseUrl.replace(/\/$/, '') === stored.baseUrl &&
    given.accountSid === stored.accountSid;
  if (!same) {
    throw new AppError('admin-settings.validation.sms.tokenRequired', 400, undefined, {
      token: 'admin-settings.validation.sms.tokenRequired',
    });
  }
}
