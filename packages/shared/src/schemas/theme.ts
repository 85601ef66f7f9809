// Theme settings (spec section 3) with their defaults.
import * as z from 'zod/mini';

export const DEFAULT_FONT_STACK = 'Inter, Roboto, Helvetica, Arial, sans-serif';

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
