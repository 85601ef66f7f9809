// Theme settings (spec section 3) with their defaults, the admin payload that changes
// them, and the CSS variables they become (the server inlines these into index.html;
// the web app applies the same ones after a save and in the live preview).
import * as z from 'zod/mini';
import { msg } from '../i18n/message-key.ts';

export const DEFAULT_FONT_STACK = 'Inter, Roboto, Helvetica, Arial, sans-serif';

/** The font stacks an admin may choose: system fonts only, nothing fetched from elsewhere. */
export const FONT_STACKS = [
  DEFAULT_FONT_STACK,
  'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  'Georgia, "Times New Roman", Times, serif',
  '"Trebuchet MS", Verdana, Tahoma, sans-serif',
  '"Courier New", Courier, monospace',
] as const;

export const DEFAULT_THEME = {
  primaryColor: '#4a86e8',
  secondaryColor: '#6c757d',
  accentColor: '#28a745',
  dangerColor: '#dc3545',
  warningColor: '#ffc107',
  successColor: '#28a745',
  textColor: '#333333',
  backgroundColor: '#ffffff',
  headerBackgroundColor: '#f8f9fa',
  footerBackgroundColor: '#f8f9fa',
  borderRadius: '0.25rem',
  fontFamily: DEFAULT_FONT_STACK,
  headerFontFamily: DEFAULT_FONT_STACK,
  darkMode: false,
} as const;

export const publicThemeSchema = z.object({
  primaryColor: z.string(),
  secondaryColor: z.string(),
  accentColor: z.string(),
  dangerColor: z.string(),
  warningColor: z.string(),
  successColor: z.string(),
  textColor: z.string(),
  backgroundColor: z.string(),
  headerBackgroundColor: z.string(),
  footerBackgroundColor: z.string(),
  borderRadius: z.string(),
  fontFamily: z.string(),
  headerFontFamily: z.string(),
  darkMode: z.boolean(),
  logoUrl: z.optional(z.string()),
});
export type PublicTheme = z.infer<typeof publicThemeSchema>;

export const THEME_COLOR_KEYS = [
  'primaryColor',
  'secondaryColor',
  'accentColor',
  'dangerColor',
  'warningColor',
  'successColor',
  'textColor',
  'backgroundColor',
  'headerBackgroundColor',
  'footerBackgroundColor',
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];

const HEX = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;
/** A CSS length for the border radius: 0, or a number with px, rem or em, at most 3 rem-ish. */
const LENGTH = /^(?:0|(?:\d{1,2}(?:\.\d{1,3})?|\.\d{1,3})(?:px|rem|em))$/;

const color = () =>
  z
    .string({ error: msg('admin-settings.validation.theme.color') })
    .check(z.trim(), z.regex(HEX, msg('admin-settings.validation.theme.color')));

/** https://… or a same-origin path (/…, never //host). Blank means no logo. */
export function isSafeLogoUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\') && !/\s/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * Characters a logo address may not hold even where a URL parser would take them:
 * spaces, controls, quotes, angle brackets, backticks, backslashes, and `$` (`$&`,
 * `$\``, `$'` are String.replace patterns; a real address can write it as %24).
 */
const LOGO_URL_FORBIDDEN = /[\s\p{Cc}"'<>`\\$]/u;

export const themeSettingsSchema = z.object({
  primaryColor: color(),
  secondaryColor: color(),
  accentColor: color(),
  dangerColor: color(),
  warningColor: color(),
  successColor: color(),
  textColor: color(),
  backgroundColor: color(),
  headerBackgroundColor: color(),
  footerBackgroundColor: color(),
  borderRadius: z
    .string({ error: msg('admin-settings.validation.theme.borderRadius') })
    .check(z.trim(), z.regex(LENGTH, msg('admin-settings.validation.theme.borderRadius'))),
  fontFamily: z.enum(FONT_STACKS, { error: msg('admin-settings.validation.theme.font') }),
  headerFontFamily: z.enum(FONT_STACKS, { error: msg('admin-settings.validation.theme.font') }),
  darkMode: z.boolean({ error: msg('admin-settings.validation.theme.darkMode') }),
  logoUrl: z.pipe(
    z.nullish(
      z.string({ error: msg('admin-settings.validation.theme.logoUrl') }).check(
        z.trim(),
        z.maxLength(2000, msg('common.validation.tooLong')),
        z.refine((value) => !LOGO_URL_FORBIDDEN.test(value), msg('admin-settings.validation.theme.logoUrlCharacters')),
        z.refine((value) => value === '' || isSafeLogoUrl(value), msg('admin-settings.validation.theme.logoUrl')),
      ),
    ),
    z.transform((value: string | null | undefined) => (value ? value : undefined)),
  ),
});
export type ThemeSettingsInput = z.input<typeof themeSettingsSchema>;
export type ThemeSettings = z.output<typeof themeSettingsSchema>;

/** Map centre before a device position is known (decision 0002 §13). */
export const mapDefaultsSchema = z.object({
  lat: z
    .number({ error: msg('admin-settings.validation.map.lat') })
    .check(z.gte(-90, msg('admin-settings.validation.map.lat')), z.lte(90, msg('admin-settings.validation.map.lat'))),
  lon: z
    .number({ error: msg('admin-settings.validation.map.lon') })
    .check(z.gte(-180, msg('admin-settings.validation.map.lon')), z.lte(180, msg('admin-settings.validation.map.lon'))),
  zoom: z
    .number({ error: msg('admin-settings.validation.map.zoom') })
    .check(
      z.int(msg('admin-settings.validation.map.zoom')),
      z.gte(1, msg('admin-settings.validation.map.zoom')),
      z.lte(19, msg('admin-settings.validation.map.zoom')),
    ),
});
export type MapDefaults = z.infer<typeof mapDefaultsSchema>;

/** What the admin theme screen reads and saves: the theme plus the map defaults. */
export const themeSettingsPayloadSchema = z.object({
  ...themeSettingsSchema.shape,
  map: mapDefaultsSchema,
});
export type ThemeSettingsPayload = z.output<typeof themeSettingsPayloadSchema>;

/** What GET /api/admin/theme-settings answers (no transforms, so it serialises as is). */
export const themeSettingsViewSchema = z.object({ ...publicThemeSchema.shape, map: mapDefaultsSchema });

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = ['image/png', 'image/svg+xml', 'image/webp'] as const;
export const logoUploadSchema = z.object({
  contentType: z.enum(LOGO_TYPES, { error: msg('admin-settings.validation.logo.type') }),
  /** The file, base64-encoded: JSON is the API's only body type. */
  data: z
    .string({ error: msg('admin-settings.validation.logo.required') })
    .check(z.minLength(1, msg('admin-settings.validation.logo.required'))),
});

// The CSS a theme becomes lives in theme-css.ts, without zod, for the web app's first load.
export { DARK_PALETTE, themeCssRule, themeCssVariables } from '../theme-css.ts';
