// The theme on the page. The server inlines the saved theme into index.html (no flash
// of the default); after an admin saves, applyTheme() replaces that rule at once, and
// themeStyle() scopes the variables to an element for the live preview.
import type { PublicTheme } from '@acende/shared/schemas/theme';
import { themeCssRule, themeCssVariables } from '@acende/shared/theme-css';
import type { CSSProperties } from 'react';

/** The <style> the server inlines into index.html (themed-index.ts). */
const THEME_STYLE_ID = 'acende-theme';

export function applyTheme(theme: PublicTheme): void {
  let style = document.getElementById(THEME_STYLE_ID);
  if (!style) {
    style = document.createElement('style');
    style.id = THEME_STYLE_ID;
    document.head.appendChild(style);
  }
  style.textContent = themeCssRule(theme);
}

/** The theme's variables as a style object, for a preview that does not touch the rest of the page. */
export function themeStyle(theme: PublicTheme): CSSProperties {
  const variables = themeCssVariables(theme);
  return {
    ...variables,
    colorScheme: variables['color-scheme'],
    color: variables['--theme-text'],
    background: variables['--theme-background'],
    fontFamily: variables['--theme-font'],
  } as CSSProperties;
}

/** The logo address the server put in the page (meta acende-logo), or null for the app title. */
export function themeLogoUrl(): string | null {
  if (typeof document === 'undefined') return null;
  return document.querySelector<HTMLMetaElement>('meta[name="acende-logo"]')?.content || null;
}
