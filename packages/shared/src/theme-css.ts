// The CSS variables a theme becomes: the server inlines them into index.html, and the
// web app applies the same ones after a save and in the live preview. No zod here, so
// the citizen's first load does not carry it (schemas/theme.ts re-exports these).
import type { PublicTheme } from './schemas/theme.ts';

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
