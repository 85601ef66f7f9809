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
  z.string({ error: msg('validation.theme.color') }).check(z.trim(), z.regex(HEX, msg('validation.theme.color')));

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
    .string({ error: msg('validation.theme.borderRadius') })
    .check(z.trim(), z.regex(LENGTH, msg('validation.theme.borderRadius'))),
  fontFamily: z.enum(FONT_STACKS, { error: msg('validation.theme.font') }),
  headerFontFamily: z.enum(FONT_STACKS, { error: msg('validation.theme.font') }),
  darkMode: z.boolean({ error: msg('validation.theme.darkMode') }),
  logoUrl: z.pipe(
    z.nullish(
      z.string({ error: msg('validation.theme.logoUrl') }).check(
        z.trim(),
        z.maxLength(2000, msg('validation.tooLong')),
        z.refine((value) => !LOGO_URL_FORBIDDEN.test(value), msg('validation.theme.logoUrlCharacters')),
        z.refine((value) => value === '' || isSafeLogoUrl(value), msg('validation.theme.logoUrl')),
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
    .number({ error: msg('validation.map.lat') })
    .check(z.gte(-90, msg('validation.map.lat')), z.lte(90, msg('validation.map.lat'))),
  lon: z
    .number({ error: msg('validation.map.lon') })
    .check(z.gte(-180, msg('validation.map.lon')), z.lte(180, msg('validation.map.lon'))),
  zoom: z
    .number({ error: msg('validation.map.zoom') })
    .check(
      z.int(msg('validation.map.zoom')),
      z.gte(1, msg('validation.map.zoom')),
      z.lte(19, msg('validation.map.zoom')),
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
  contentType: z.enum(LOGO_TYPES, { error: msg('validation.logo.type') }),
  /** The file, base64-encoded: JSON is the API's only body type. */
  data: z.string({ error: msg('validation.logo.required') }).check(z.minLength(1, msg('validation.logo.required'))),
});

/** The darker palette dark mode swaps in: surfaces and text only, brand colours stay. */
export const DARK_PALETTE = {
  textColor: '#e6e6e6',
  backgroundColor: '#16181d',
  headerBackgroundColor: '#20232a',
  footerBackgroundColor: '#20232a',
} as const;

/**
 * Dark mode for the rest of the interface: the screens use Tailwind's light greys and
 * tinted surfaces (bg-white, bg-green-50, text-gray-700, text-red-700...). In dark mode
 * the grey scale is inverted and tinted surfaces and coloured text are re-mixed from
 * their own hue, so every screen keeps its contrast without knowing about dark mode.
 * `text-white` stays white: it sits on strong colours (buttons, destructive toasts).
 */
const DARK_GREYS: Record<string, string> = {
  50: '#1b1e24',
  100: '#23262d',
  200: '#2c3038',
  300: '#3b404a',
  400: '#555b66',
  500: '#737a86',
  600: '#9aa1ac',
  700: '#c2c7cf',
  800: '#dadee3',
  900: '#eceef1',
  950: '#f6f7f8',
};
const HUES = ['red', 'orange', 'amber', 'yellow', 'green', 'teal', 'blue', 'indigo', 'purple'];

function darkModeCss(): string {
  const greys = Object.entries(DARK_GREYS)
    .map(([shade, value]) => `--color-gray-${shade}:${value}!important`)
    .join(';');
  const rules = [`:root{${greys}}`, `.bg-white{background-color:${DARK_PALETTE.headerBackgroundColor}!important}`];
  for (const hue of HUES) {
    for (const shade of [50, 100]) {
      rules.push(
        `.bg-${hue}-${shade}{background-color:color-mix(in oklch,var(--color-${hue}-800,#555) 30%,#16181d)!important}`,
      );
    }
    for (const shade of [700, 800, 900, 950]) {
      rules.push(
        `.text-${hue}-${shade}{color:color-mix(in oklch,var(--color-${hue}-${shade},#888) 30%,white)!important}`,
      );
    }
  }
  return rules.join('');
}

const VARIABLES: Record<string, keyof PublicTheme> = {
  '--theme-primary': 'primaryColor',
  '--theme-secondary': 'secondaryColor',
  '--theme-accent': 'accentColor',
  '--theme-danger': 'dangerColor',
  '--theme-warning': 'warningColor',
  '--theme-success': 'successColor',
  '--theme-text': 'textColor',
  '--theme-background': 'backgroundColor',
  '--theme-header-background': 'headerBackgroundColor',
  '--theme-footer-background': 'footerBackgroundColor',
  '--theme-radius': 'borderRadius',
  '--theme-font': 'fontFamily',
  '--theme-header-font': 'headerFontFamily',
};

/** The CSS variables a theme sets (index.css names them), dark palette applied when on. */
export function themeCssVariables(theme: PublicTheme): Record<string, string> {
  const effective: PublicTheme = theme.darkMode ? { ...theme, ...DARK_PALETTE } : theme;
  const out: Record<string, string> = {};
  for (const [variable, key] of Object.entries(VARIABLES)) out[variable] = String(effective[key]);
  out['color-scheme'] = theme.darkMode ? 'dark' : 'light';
  return out;
}

/**
 * The `:root { … }` rule for a theme (values are validated; `<`, braces and `;` are
 * dropped anyway). `!important` so that no inline style set by other code can undo
 * the theme, dark mode included; the theme changes only by replacing this rule.
 */
export function themeCssRule(theme: PublicTheme): string {
  const body = Object.entries(themeCssVariables(theme))
    .map(([name, value]) => `${name}:${value.replace(/[<>{};\\]/g, '')}!important`)
    .join(';');
  return `:root{${body}}${theme.darkMode ? darkModeCss() : ''}`;
}
