import { DEFAULT_THEME } from '@acende/shared/schemas/theme';
import { describe, expect, it } from 'vitest';
import { injectTheme } from './themed-index.ts';

const TEMPLATE =
  '<!doctype html><html lang="pt-BR"><head><meta name="theme-color" content="#4a86e8" /></head><body><div id="root"></div></body></html>';

describe('injectTheme', () => {
  it('writes a logo address escaped and literally: $ patterns copy nothing of the page', () => {
    const logoUrl = 'https://cdn.example.org/$`$\'$&$$"><script>alert(1)</script>.png';
    const html = injectTheme(TEMPLATE, { ...DEFAULT_THEME, logoUrl });
    expect(html).toContain(
      '<meta name="acende-logo" content="https://cdn.example.org/$`$\'$&amp;$$&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;.png" /></head>',
    );
    expect(html).not.toContain('<script>');
    expect(html.match(/<!doctype html>/g)).toHaveLength(1);
    expect(html.match(/<body>/g)).toHaveLength(1);
    expect(html.endsWith('</head><body><div id="root"></div></body></html>')).toBe(true);
  });

  it('writes the browser colour literally too', () => {
    const html = injectTheme(TEMPLATE, { ...DEFAULT_THEME, primaryColor: '$`' });
    expect(html.startsWith('<!doctype html><html lang="pt-BR"><head><meta name="theme-color" content="$`" />')).toBe(
      true,
    );
  });
});
