// Theme, map defaults and logo rules: the public theme (spec defaults under the stored
// setting), the admin's validated changes, and the uploaded logo (PNG, sanitised SVG
// or WebP up to 512 KB, kept in site_settings and served by the app).
import { createHash } from 'node:crypto';
import { DEFAULT_MAP_CENTER } from '@acende/shared/constants';
import {
  DEFAULT_THEME,
  LOGO_MAX_BYTES,
  type MapDefaults,
  type PublicTheme,
  publicThemeSchema,
  type ThemeSettings,
  type ThemeSettingsPayload,
  themeSettingsSchema,
} from '@acende/shared/schemas/theme';
import * as zm from 'zod/mini';
import type { AppDeps } from '../../app-deps.ts';
import { changedFields } from '../../core/audit/audit.diff.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import { readSetting, writeSetting } from '../../core/settings.repository.ts';
import { invalidateThemedIndex } from '../../core/themed-index-cache.ts';
import { badRequest } from '../../lib/errors.ts';
import { sanitizeSvg, UnsafeSvgError } from './svg-sanitizer.ts';

export const THEME_KEY = 'theme';
export const MAP_KEY = 'map';
export const LOGO_KEY = 'logo';
export const LOGO_PATH = '/api/theme/logo';

export async function readPublicTheme(deps: AppDeps): Promise<PublicTheme> {
  const stored = (await readSetting<Partial<PublicTheme>>(deps.db, THEME_KEY)) ?? {};
  // A stored value that no longer passes validation falls back to the default, field by field.
  const merged: Record<string, unknown> = { ...DEFAULT_THEME };
  for (const [key, value] of Object.entries(stored)) {
    const candidate = { ...DEFAULT_THEME, [key]: value };
    if (zm.safeParse(themeSettingsSchema, candidate).success) merged[key] = value;
  }
  return zm.parse(publicThemeSchema, merged);
}

export async function readMapDefaults(deps: AppDeps): Promise<MapDefaults> {
  const stored = await readSetting<MapDefaults>(deps.db, MAP_KEY);
  return stored ?? { ...DEFAULT_MAP_CENTER };
}

export async function getThemeSettings(deps: AppDeps): Promise<ThemeSettingsPayload> {
  const theme = await readPublicTheme(deps);
  return { ...(theme as ThemeSettings), map: await readMapDefaults(deps) };
}

export async function saveThemeSettings(
  deps: AppDeps,
  input: ThemeSettingsPayload,
  actor: AuditActor,
): Promise<ThemeSettingsPayload> {
  const { map, ...theme } = input;
  const now = deps.clock.now().toISOString();
  const previous = await getThemeSettings(deps);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, THEME_KEY, theme, now);
    await writeSetting(trx, MAP_KEY, map, now);
    const change = changedFields(previous, input);
    await recordAudit(
      trx,
      actor,
      { kind: 'settings.theme.update', objectType: 'settings', objectId: 'theme', ...change },
      now,
    );
  });
  invalidateThemedIndex(deps);
  return getThemeSettings(deps);
}

interface StoredLogo {
  contentType: string;
  data: string;
  hash: string;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function checkImage(contentType: string, bytes: Buffer): Buffer {
  if (contentType === 'image/png') {
    if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw badRequest('admin-settings.validation.logo.invalid');
    return bytes;
  }
  if (contentType === 'image/webp') {
    const ok = bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP';
    if (!ok) throw badRequest('admin-settings.validation.logo.invalid');
    return bytes;
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('admin-settings.validation.logo.invalid');
  }
  try {
    return Buffer.from(sanitizeSvg(text), 'utf8');
  } catch (error) {
    if (error instanceof UnsafeSvgError) throw badRequest('admin-settings.validation.logo.unsafeSvg');
    throw error;
  }
}

/** Stores the logo and points the theme at it; answers the theme's new logoUrl. */
export async function uploadLogo(
  deps: AppDeps,
  input: { contentType: string; data: string },
  actor: AuditActor,
): Promise<{ logoUrl: string }> {
  const base64 = input.data.replace(/^data:[^,]*,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw badRequest('admin-settings.validation.logo.invalid');
  const raw = Buffer.from(base64, 'base64');
  if (raw.length === 0) throw badRequest('admin-settings.validation.logo.required');
  if (raw.length > LOGO_MAX_BYTES) throw badRequest('admin-settings.validation.logo.tooLarge');
  const bytes = checkImage(input.contentType, raw);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const now = deps.clock.now().toISOString();
  const stored: StoredLogo = { contentType: input.contentType, data: bytes.toString('base64'), hash };
  const logoUrl = `${LOGO_PATH}?v=${hash}`;
  const theme = await readPublicTheme(deps);
  await deps.db.transaction().execute(async (trx) => {
    await writeSetting(trx, LOGO_KEY, stored, now);
    await writeSetting(trx, THEME_KEY, { ...theme, logoUrl }, now);
    // The image itself is not kept in the log: its type, size and fingerprint are.
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.logo.upload',
        objectType: 'settings',
        objectId: 'logo',
        before: { logoUrl: theme.logoUrl ?? null },
        after: { logoUrl, contentType: input.contentType, bytes: bytes.length },
      },
      now,
    );
  });
  invalidateThemedIndex(deps);
  return { logoUrl };
}

export async function removeLogo(deps: AppDeps, actor: AuditActor): Promise<void> {
  const now = deps.clock.now().toISOString();
  const theme = await readPublicTheme(deps);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('siteSettings').where('key', '=', LOGO_KEY).execute();
    if (theme.logoUrl?.startsWith(LOGO_PATH)) {
      const { logoUrl: _removed, ...rest } = theme;
      await writeSetting(trx, THEME_KEY, rest, now);
    }
    await recordAudit(
      trx,
      actor,
      {
        kind: 'settings.logo.delete',
        objectType: 'settings',
        objectId: 'logo',
        before: { logoUrl: theme.logoUrl ?? null },
      },
      now,
    );
  });
  invalidateThemedIndex(deps);
}

export async function readLogo(deps: AppDeps): Promise<{ contentType: string; bytes: Buffer; hash: string } | null> {
  const stored = await readSetting<StoredLogo>(deps.db, LOGO_KEY);
  if (!stored) return null;
  return { contentType: stored.contentType, bytes: Buffer.from(stored.data, 'base64'), hash: stored.hash };
}
