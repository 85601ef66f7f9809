// WhatsApp settings in site_settings under the key 'whatsapp' (issue 36, decision 0062): read
// with defaults, saved with Meta's access token and app secret sealed (secret-box), answered
// with a placeholder instead. The stored token only goes to the API address and phone number
// it was saved with; the app secret never leaves: it checks the webhook's signatures.
import { createHmac } from 'node:crypto';
import {
  DEFAULT_WHATSAPP_SETTINGS,
  WHATSAPP_SECRET_PLACEHOLDER,
  type WhatsappSettings,
  type WhatsappSettingsResponse,
} from '@acende/shared/schemas/whatsapp';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { changedFields } from '../audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import { readSetting, writeSetting } from '../settings.repository.ts';

export const WHATSAPP_SETTINGS_KEY = 'whatsapp';
/** Meta's webhook: GET for the verification handshake, POST for messages (replies, button taps). */
export const WHATSAPP_WEBHOOK_PATH = '/api/whatsapp/webhook';
const TOKEN_PURPOSE = 'whatsapp-token';
const APP_SECRET_PURPOSE = 'whatsapp-app-secret';

interface StoredWhatsappSettings {
  enabled: boolean;
  baseUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  tokenSealed: string | null;
  appSecretSealed: string | null;
  dailyCap: number;
}

/** As the sender and the webhook use them: the secrets in clear, in memory only. */
export interface WhatsappSendSettings {
  enabled: boolean;
  baseUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  appSecret: string;
  dailyCap: number;
}

const str = (value: unknown, fallback: string) => (typeof value === 'string' ? value : fallback);
const sealed = (value: unknown) => (typeof value === 'string' ? value : null);

async function readStored(db: Db): Promise<StoredWhatsappSettings> {
  const stored = (await readSetting<Partial<StoredWhatsappSettings>>(db, WHATSAPP_SETTINGS_KEY)) ?? {};
  const d = DEFAULT_WHATSAPP_SETTINGS;
  return {
    enabled: stored.enabled === true,
    baseUrl: str(stored.baseUrl, d.baseUrl),
    apiVersion: str(stored.apiVersion, d.apiVersion),
    phoneNumberId: str(stored.phoneNumberId, ''),
    tokenSealed: sealed(stored.tokenSealed),
    appSecretSealed: sealed(stored.appSecretSealed),
    dailyCap: typeof stored.dailyCap === 'number' ? stored.dailyCap : d.dailyCap,
  };
}

/** The verify token Meta's webhook set-up sends back (hub.verify_token), derived from APP_SECRET. */
export function whatsappVerifyToken(appSecret: string): string {
  return createHmac('sha256', appSecret).update('acende:whatsapp-verify').digest('base64url');
}

function toResponse(deps: AppDeps, stored: StoredWhatsappSettings): WhatsappSettingsResponse {
  const { tokenSealed, appSecretSealed, ...rest } = stored;
  return {
    ...rest,
    accessToken: tokenSealed ? WHATSAPP_SECRET_PLACEHOLDER : '',
    appSecret: appSecretSealed ? WHATSAPP_SECRET_PLACEHOLDER : '',
    webhookUrl: `${deps.config.PUBLIC_URL}${WHATSAPP_WEBHOOK_PATH}`,
    verifyToken: whatsappVerifyToken(deps.config.APP_SECRET),
  };
}

/** The settings for the admin screen: never a secret. */
export async function getWhatsappSettings(deps: AppDeps): Promise<WhatsappSettingsResponse> {
  return toResponse(deps, await readStored(deps.db));
}

/** What the audit log keeps: whether each secret is stored, never the secret. */
function audited(stored: StoredWhatsappSettings) {
  const { tokenSealed, appSecretSealed, ...rest } = stored;
  return { ...rest, tokenStored: tokenSealed !== null, appSecretStored: appSecretSealed !== null };
}

/** The placeholder keeps a stored secret, an empty value removes it, anything else replaces it. */
function nextSecret(deps: AppDeps, purpose: string, given: string, current: string | null): string | null {
  if (given === WHATSAPP_SECRET_PLACEHOLDER) return current;
  return given === '' ? null : sealSecret(deps.config.APP_SECRET, purpose, given);
}

/** Saves the settings; a stored token stays only with the stored API address and phone number. */
export async function saveWhatsappSettings(deps: AppDeps, input: WhatsappSettings, actor: AuditActor) {
  const current = await readStored(deps.db);
  const baseUrl = input.baseUrl.replace(/\/$/, '');
  const sameTarget = baseUrl === current.baseUrl && input.phoneNumberId === current.phoneNumberId;
  if (input.accessToken === WHATSAPP_SECRET_PLACEHOLDER && current.tokenSealed !== null && !sameTarget) {
    throw new AppError('admin-settings.validation.whatsapp.tokenRequired', 400, undefined, {
      accessToken: 'admin-settings.validation.whatsapp.tokenRequired',
    });
  }
  const next: StoredWhatsappSettings = {
    enabled: input.enabled,
    baseUrl,
    apiVersion: input.apiVersion,
    phoneNumberId: input.phoneNumberId,
    tokenSealed: nextSecret(deps, TOKEN_PURPOSE, input.accessToken, current.tokenSealed),
    appSecretSealed: nextSecret(deps, APP_SECRET_PURPOSE, input.appSecret, current.appSecretSealed),
    dailyCap: input.dailyCap,
  };
  if (next.enabled && (next.tokenSealed === null || next.appSecretSealed === null)) {
    const field = next.tokenSealed === null ? 'accessToken' : 'appSecret';
    throw new AppError('admin-settings.validation.whatsapp.required', 400, undefined, {
      [field]: 'admin-settings.validation.whatsapp.required',
    });
  }
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, WHATSAPP_SETTINGS_KEY, next, now);
    const change = changedFields(audited(current), audited(next));
    const replaced = {
      ...(input.accessToken !== WHATSAPP_SECRET_PLACEHOLDER ? { tokenReplaced: true } : {}),
      ...(input.appSecret !== WHATSAPP_SECRET_PLACEHOLDER ? { appSecretReplaced: true } : {}),
    };
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.whatsapp.update',
        objectType: 'settings',
        objectId: 'whatsapp',
        before: change.before,
        after: { ...change.after, ...replaced },
      },
      now,
    );
  });
  return toResponse(deps, next);
}

/** The settings to send and verify with, secrets unsealed. `db` may be a transaction. */
export async function readWhatsappSendSettings(deps: AppDeps, db: Db = deps.db): Promise<WhatsappSendSettings> {
  const { tokenSealed, appSecretSealed, ...rest } = await readStored(db);
  const open = (purpose: string, value: string | null) =>
    value ? (openSecret(deps.config.APP_SECRET, purpose, value) ?? '') : '';
  return {
    ...rest,
    accessToken: open(TOKEN_PURPOSE, tokenSealed),
    appSecret: open(APP_SECRET_PURPOSE, appSecretSealed),
  };
}

/** Whether WhatsApp notices are offered and queued at all. */
export async function isWhatsappEnabled(db: Db): Promise<boolean> {
  const stored = await readStored(db);
  return (
    stored.enabled && stored.tokenSealed !== null && stored.appSecretSealed !== null && stored.phoneNumberId !== ''
  );
}
