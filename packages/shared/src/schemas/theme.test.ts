import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { DEFAULT_THEME, isSafeLogoUrl, themeCssRule, themeCssVariables, themeSettingsSchema } from './theme.ts';

describe('theme', () => {
  it('accepts the spec defaults', () => {
    expect(z.safeParse(themeSettingsSchema, DEFAULT_THEME).success).toBe(true);
  });

  it('turns a theme into the variables index.css names', () => {
    const vars = themeCssVariables({ ...DEFAULT_THEME, primaryColor: '#112233' });
    expect(vars['--theme-primary']).toBe('#112233');
    expect(vars['--theme-background']).toBe('#ffffff');
    expect(vars['color-scheme']).toBe('light');
  });

  it('swaps in the dark palette in dark mode, brand colours kept', () => {
    const vars = themeCssVariables({ ...DEFAULT_THEME, darkMode: true });
    expect(vars['--theme-background']).toBe('#16181d');
    expect(vars['--theme-text']).toBe('#e6e6e6');
    expect(vars['--theme-primary']).toBe('#4a86e8');
    expect(themeCssRule({ ...DEFAULT_THEME, darkMode: true })).toContain('.bg-white{');
    expect(themeCssRule(DEFAULT_THEME)).not.toContain('.bg-white{');
  });

  it('never lets a value break out of the rule', () => {
    const rule = themeCssRule({ ...DEFAULT_THEME, fontFamily: 'x;}</style><script>alert(1)</script>' });
    expect(rule).not.toMatch(/<|>|\}[^:]*script/);
  });

  it.each([
    ['https://cdn.example.org/logo.svg', true],
    ['/api/theme/logo?v=abc', true],
    ['http://example.org/logo.png', false],
    ['//evil.example/logo.png', false],
    ['javascript:alert(1)', false],
    ['data:image/png;base64,AAAA', false],
    ['https://user:pw@example.org/x.png', false],
  ])('logo address %s is safe: %s', (url, safe) => {
    expect(isSafeLogoUrl(url)).toBe(safe);
  });
});
