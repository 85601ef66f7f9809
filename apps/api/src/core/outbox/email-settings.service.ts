// E-mail settings in site_settings under the key 'email': read with defaults, saved
// with the SMTP password sealed (secret-box), answered with a placeholder instead.
import {
  DEFAULT_EMAIL_SETTINGS,
  type EmailSettings,
  type EmailSettingsResponse,
  SMTP_PASSWORD_PLACEHOLDER,
} from '@acende/shared/schemas/email';
import type { AppDeps } from '../../app-deps.ts';
import type { Db } from '../../db/database.ts';
import { iso } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import { changedFields } from '../audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../audit/audit.repository.ts';
import { readSetting, writeSetting } from '../settings.repository.ts';

export const EMAIL_SETTINGS_KEY = 'email';
const PASSWORD_PURPOSE = 'smtp-password';

/** As stored: the password sealed, or null when there is none. */
interface StoredEmailSettings {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  auth: { user: string; passSealed: string | null };
  from: string;
}

/** As the sender uses them: the password in clear, in memory only. */
export interface SmtpSettings {
  enabled: boolean;
  host: string;
  port: number;
  secure: boolean;
  user: string;
  pass: string;
  from: string;
}

async function readStored(db: Db): Promise<StoredEmailSettings> {
  const stored = (await readSetting<Partial<StoredEmailSettings>>(db, EMAIL_SETTINGS_KEY)) ?? {};
  return {
    enabled: stored.enabled === true,
    host: typeof stored.host === 'string' ? stored.host : DEFAULT_EMAIL_SETTINGS.host,
    port: typeof stored.port === 'number' ? stored.port : DEFAULT_EMAIL_SETTINGS.port,
    secure: stored.secure === true,
    auth: {
      user: typeof stored.auth?.user === 'string' ? stored.auth.user : '',
      passSealed: typeof stored.auth?.passSealed === 'string' ? stored.auth.passSealed : null,
    },
    from: typeof stored.from === 'string' ? stored.from : DEFAULT_EMAIL_SETTINGS.from,
  };
}

function toResponse(stored: StoredEmailSettings): EmailSettingsResponse {
  return {
    enabled: stored.enabled,
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    auth: { user: stored.auth.user, pass: stored.auth.passSealed ? SMTP_PASSWORD_PLACEHOLDER : '' },
    from: stored.from,
  };
}

/** The settings for the admin screen: never the password. */
export async function getEmailSettings(deps: AppDeps): Promise<EmailSettingsResponse> {
  return toResponse(await readStored(deps.db));
}

/** Saves the settings; the placeholder keeps the stored password, an empty one removes it. */
/** What the audit log keeps of the settings: whether a password is stored, never the password. */
function audited(stored: StoredEmailSettings) {
  return {
    enabled: stored.enabled,
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    user: stored.auth.user,
    passStored: stored.auth.passSealed !== null,
    from: stored.from,
  };
}

export async function saveEmailSettings(
  deps: AppDeps,
  input: EmailSettings,
  actor: AuditActor,
): Promise<EmailSettingsResponse> {
  const current = await readStored(deps.db);
  const pass = input.auth.pass;
  if (pass === SMTP_PASSWORD_PLACEHOLDER) assertStoredPasswordMayGo(current, input, 'auth.pass');
  const passSealed =
    pass === SMTP_PASSWORD_PLACEHOLDER
      ? current.auth.passSealed
      : pass === ''
        ? null
        : sealSecret(deps.config.APP_SECRET, PASSWORD_PURPOSE, pass);
  const next: StoredEmailSettings = {
    enabled: input.enabled,
    host: input.host,
    port: input.port,
    secure: input.secure,
    auth: { user: input.auth.user, passSealed },
    from: input.from,
  };
  const now = iso(deps.clock);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, EMAIL_SETTINGS_KEY, next, now);
    const change = changedFields(audited(current), audited(next));
    // A password typed again (even the same one) is a change the fields cannot show.
    const passChanged = pass !== SMTP_PASSWORD_PLACEHOLDER;
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.email.update',
        objectType: 'settings',
        objectId: 'email',
        before: change.before,
        after: passChanged ? { ...change.after, passReplaced: true } : change.after,
      },
      now,
    );
  });
  return toResponse(next);
}

/** The settings to send with, password unsealed. `db` may be a transaction. */
export async function readSmtpSettings(deps: AppDeps, db: Db = deps.db): Promise<SmtpSettings> {
  const stored = await readStored(db);
  return {
    enabled: stored.enabled,
    host: stored.host,
    port: stored.port,
    secure: stored.secure,
    user: stored.auth.user,
    pass: unsealPassword(deps, stored),
    from: stored.from,
  };
}

function unsealPassword(deps: AppDeps, stored: StoredEmailSettings): string {
  return stored.auth.passSealed
    ? (openSecret(deps.config.APP_SECRET, PASSWORD_PURPOSE, stored.auth.passSealed) ?? '')
    : '';
}

/** Whether e-mails are to be queued at all (decision 0002 §15: nothing while disabled). */
export async function isEmailEnabled(db: Db): Promise<boolean> {
  const stored = await readStored(db);
  return stored.enabled && stored.host !== '' && stored.from !== '';
}

/**
 * The stored password only ever goes to the server it was saved for: the placeholder
 * stands for it only while the server, port, security and user are the saved ones.
 * Anything else would let whoever edits the settings send it to a server of their own.
 */
function assertStoredPasswordMayGo(stored: StoredEmailSettings, given: EmailSettings, field: string): void {
  if (stored.auth.passSealed === null) return;
  const same =
    given.host === stored.host &&
    given.port === stored.port &&
    given.secure === stored.secure &&
    given.auth.user === stored.auth.user;
  if (!same) {
    throw new AppError('admin-email.errors.email.passwordRequired', 400, undefined, {
      [field]: 'admin-email.errors.email.passwordRequired',
    });
  }
}

/** Settings given on the screen for a test; the placeholder means the stored password, for the stored server only. */
export async function resolveGivenSettings(deps: AppDeps, given: EmailSettings): Promise<SmtpSettings> {
  let pass = given.auth.pass;
  if (pass === SMTP_PASSWORD_PLACEHOLDER) {
    // One read for the check and the password, so a save in between cannot split them.
    const stored = await readStored(deps.db);
    assertStoredPasswordMayGo(stored, given, 'settings.auth.pass');
    pass = unsealPassword(deps, stored);
  }
  return {
    enabled: given.enabled,
    host: given.host,
    port: given.port,
    secure: given.secure,
    user: given.auth.user,
    pass,
    from: given.from,
  };
}
