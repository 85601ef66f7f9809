import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_THEME, FONT_STACKS } from '@acende/shared/schemas/theme';
import { expect } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { writeSetting } from '../../core/settings.repository.ts';
import { invalidateThemedIndex } from '../../core/themed-index-cache.ts';
import { THEME_KEY } from './site-settings.service.ts';

const webDist = mkdtempSync(join(tmpdir(), 'acende-web-'));
writeFileSync(
  join(webDist, 'index.html'),
  '<!doctype html><html lang="pt-BR"><head><meta name="theme-color" content="#4a86e8" /><link rel="stylesheet" href="/assets/index.css"></head><body><div id="root"></div></body></html>',
);

const valid = {
  ...DEFAULT_THEME,
  primaryColor: '#aa3300',
  borderRadius: '8px',
  fontFamily: FONT_STACKS[2],
  darkMode: false,
  logoUrl: 'https://cdn.example.org/logo.png',
  map: { lat: -30.03, lon: -51.23, zoom: 12 },
};

// A 1×1 transparent PNG.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describeEachEngine(
  'theme settings',
  (ctx) => {
    const admin = async () => (await signedIn(ctx(), { role: 'admin' })).headers;
    const save = async (body: object, headers: Record<string, string>) =>
      ctx().app.inject({ method: 'POST', url: '/api/admin/theme-settings', payload: body, headers });

    it('serves the spec defaults before anything is saved', async () => {
      const theme = await ctx().app.inject({ method: 'GET', url: '/api/theme' });
      expect(theme.json()).toEqual(DEFAULT_THEME);
      const site = await ctx().app.inject({ method: 'GET', url: '/api/site' });
      expect(site.json().map).toEqual({ lat: -15.7939, lon: -47.8828, zoom: 4 });
      const settings = await ctx().app.inject({
        method: 'GET',
        url: '/api/admin/theme-settings',
        headers: await admin(),
      });
      expect(settings.json()).toEqual({ ...DEFAULT_THEME, map: { lat: -15.7939, lon: -47.8828, zoom: 4 } });
    });

    it('is for admins only', async () => {
      expect((await ctx().app.inject({ method: 'GET', url: '/api/admin/theme-settings' })).statusCode).toBe(401);
      const user = await signedIn(ctx(), { role: 'user' });
      expect(
        (await ctx().app.inject({ method: 'GET', url: '/api/admin/theme-settings', headers: user.headers })).statusCode,
      ).toBe(403);
      expect((await save(valid, user.headers)).statusCode).toBe(403);
    });

    it.each([
      [
        { primaryColor: 'red' },
        'primaryColor',
        'Informe uma cor no formato #rrggbb',
        'Enter a colour in the format #rrggbb',
      ],
      [
        { textColor: '#12345' },
        'textColor',
        'Informe uma cor no formato #rrggbb',
        'Enter a colour in the format #rrggbb',
      ],
      [
        { borderRadius: '1rem; background: url(x)' },
        'borderRadius',
        'Informe um tamanho como 0.25rem, 4px ou 0',
        'Enter a size such as 0.25rem, 4px or 0',
      ],
      [{ fontFamily: 'Comic Sans' }, 'fontFamily', 'Escolha uma fonte da lista', 'Choose a font from the list'],
      [
        { logoUrl: 'javascript:alert(1)' },
        'logoUrl',
        'O logotipo deve ser um endereço https:// ou um caminho deste site',
        'The logo must be an https:// address or a path on this site',
      ],
      [
        { logoUrl: 'http://insecure.example/logo.png' },
        'logoUrl',
        'O logotipo deve ser um endereço https:// ou um caminho deste site',
        'The logo must be an https:// address or a path on this site',
      ],
      [
        { logoUrl: '//evil.example/x.png' },
        'logoUrl',
        'O logotipo deve ser um endereço https:// ou um caminho deste site',
        'The logo must be an https:// address or a path on this site',
      ],
      [
        { logoUrl: 'https://cdn.example.org/$`/logo.png' },
        'logoUrl',
        'O endereço do logotipo não pode conter espaços, aspas, sinais de menor ou maior, barras invertidas nem o sinal $',
        'The logo address may not contain spaces, quotes, angle brackets, backslashes or the $ sign',
      ],
      [
        { logoUrl: 'https://cdn.example.org/$&.png' },
        'logoUrl',
        'O endereço do logotipo não pode conter espaços, aspas, sinais de menor ou maior, barras invertidas nem o sinal $',
        'The logo address may not contain spaces, quotes, angle brackets, backslashes or the $ sign',
      ],
      [
        { logoUrl: "/api/theme/logo?v=$'" },
        'logoUrl',
        'O endereço do logotipo não pode conter espaços, aspas, sinais de menor ou maior, barras invertidas nem o sinal $',
        'The logo address may not contain spaces, quotes, angle brackets, backslashes or the $ sign',
      ],
      [
        { logoUrl: 'https://cdn.example.org/"><script>alert(1)</script>' },
        'logoUrl',
        'O endereço do logotipo não pode conter espaços, aspas, sinais de menor ou maior, barras invertidas nem o sinal $',
        'The logo address may not contain spaces, quotes, angle brackets, backslashes or the $ sign',
      ],
      [
        { map: { lat: 91, lon: 0, zoom: 4 } },
        'map.lat',
        'A latitude deve estar entre -90 e 90',
        'Latitude must be between -90 and 90',
      ],
      [
        { map: { lat: 0, lon: 0, zoom: 25 } },
        'map.zoom',
        'O zoom deve ser um número inteiro de 1 a 19',
        'Zoom must be a whole number from 1 to 19',
      ],
    ])('refuses %o with a message on %s in both languages', async (change, field, pt, en) => {
      const headers = await admin();
      const res = await save({ ...valid, ...change }, headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[field]).toBe(pt);
      const resEn = await save({ ...valid, ...change }, { ...headers, 'accept-language': 'en' });
      expect(resEn.json().errors[field]).toBe(en);
    });

    it('saves a valid theme, which /api/theme, /api/site and the page then carry', async () => {
      const headers = await admin();
      const before = await ctx().app.inject({ method: 'GET', url: '/' });
      expect(before.headers['content-type']).toMatch(/text\/html/);
      expect(before.body).toContain('--theme-primary:#4a86e8');

      const res = await save(valid, headers);
      expect(res.statusCode, res.body).toBe(200);
      const { map, ...theme } = valid;
      expect((await ctx().app.inject({ method: 'GET', url: '/api/theme' })).json()).toEqual(theme);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/site' })).json().map).toEqual(map);

      const page = await ctx().app.inject({ method: 'GET', url: '/admin/dashboard' });
      // After the stylesheet, so its variables win; and the browser colour follows.
      expect(page.body).toMatch(/index\.css"><style id="acende-theme">:root\{--theme-primary:#aa3300!important;/);
      expect(page.body).toContain('--theme-radius:8px');
      expect(page.body).toContain('<meta name="theme-color" content="#aa3300" />');
      expect(page.body).toContain('<meta name="acende-logo" content="https://cdn.example.org/logo.png" />');

      const dark = await save({ ...valid, darkMode: true }, headers);
      expect(dark.statusCode).toBe(200);
      const darkPage = await ctx().app.inject({ method: 'GET', url: '/' });
      expect(darkPage.body).toContain('--theme-background:#16181d');
      expect(darkPage.body).toContain('color-scheme:dark');

      const reset = await save({ ...DEFAULT_THEME, map: { lat: -15.7939, lon: -47.8828, zoom: 4 } }, headers);
      expect(reset.json().logoUrl).toBeUndefined();
    });

    it('takes an uploaded PNG logo and serves it at a stable address', async () => {
      const headers = await admin();
      const up = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/theme-settings/logo',
        headers,
        payload: { contentType: 'image/png', data: PNG },
      });
      expect(up.statusCode, up.body).toBe(200);
      expect(up.json().logoUrl).toMatch(/^\/api\/theme\/logo\?v=[0-9a-f]{16}$/);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/theme' })).json().logoUrl).toBe(up.json().logoUrl);
      const logo = await ctx().app.inject({ method: 'GET', url: up.json().logoUrl });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect(logo.rawPayload.equals(Buffer.from(PNG, 'base64'))).toBe(true);

      const removed = await ctx().app.inject({ method: 'DELETE', url: '/api/admin/theme-settings/logo', headers });
      expect(removed.statusCode).toBe(204);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/theme/logo' })).statusCode).toBe(404);
      expect((await ctx().app.inject({ method: 'GET', url: '/api/theme' })).json().logoUrl).toBeUndefined();
    });

    it('leaves a stored logo address with $ patterns out of the page, nothing of it injected', async () => {
      // Stored before validation refused such addresses, or by anything else that writes the row.
      const logoUrl = 'https://cdn.example.org/$`$\'$&"><script>alert(1)</script>.png';
      const theme = (await ctx().app.inject({ method: 'GET', url: '/api/theme' })).json();
      await writeSetting(ctx().db, THEME_KEY, { ...theme, logoUrl }, new Date().toISOString());
      invalidateThemedIndex(ctx().app.deps);
      try {
        expect((await ctx().app.inject({ method: 'GET', url: '/api/theme' })).json().logoUrl).toBeUndefined();
        const page = await ctx().app.inject({ method: 'GET', url: '/track' });
        expect(page.statusCode).toBe(200);
        expect(page.body).not.toContain('acende-logo');
        expect(page.body).not.toContain('<script>');
        expect(page.body.match(/<!doctype html>/g)).toHaveLength(1);
        expect(page.body.endsWith('</style></head><body><div id="root"></div></body></html>')).toBe(true);
      } finally {
        await writeSetting(ctx().db, THEME_KEY, theme, new Date().toISOString());
        invalidateThemedIndex(ctx().app.deps);
      }
    });

    it('sanitises an SVG logo and serves it under a locked-down CSP', async () => {
      const headers = await admin();
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" onload="alert(1)"><script>alert(2)</script><foreignObject><p>x</p></foreignObject><image href="https://evil.example/t.png"/><circle cx="5" cy="5" r="4" fill="#4a86e8"/></svg>';
      const up = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/theme-settings/logo',
        headers,
        payload: { contentType: 'image/svg+xml', data: Buffer.from(svg).toString('base64') },
      });
      expect(up.statusCode, up.body).toBe(200);
      const logo = await ctx().app.inject({ method: 'GET', url: '/api/theme/logo' });
      expect(logo.headers['content-type']).toBe('image/svg+xml');
      expect(logo.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'");
      expect(logo.body).toBe(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#4a86e8"/></svg>',
      );
    });

    it.each([
      [{ contentType: 'image/gif', data: PNG }, 'O logotipo deve ser PNG, SVG ou WebP'],
      [
        { contentType: 'image/png', data: Buffer.from('<svg/>').toString('base64') },
        'O arquivo não é uma imagem válida do tipo informado',
      ],
      [{ contentType: 'image/webp', data: PNG }, 'O arquivo não é uma imagem válida do tipo informado'],
      [
        { contentType: 'image/svg+xml', data: Buffer.from('<html/>').toString('base64') },
        'O SVG não pôde ser lido com segurança',
      ],
      [{ contentType: 'image/png', data: '' }, 'Escolha um arquivo de logotipo'],
    ])('refuses a bad logo %#', async (payload, message) => {
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/theme-settings/logo',
        headers: await admin(),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('refuses a logo over 512 KB', async () => {
      const big = Buffer.alloc(512 * 1024 + 1);
      Buffer.from(PNG, 'base64').copy(big);
      const res = await ctx().app.inject({
        method: 'POST',
        url: '/api/admin/theme-settings/logo',
        headers: { ...(await admin()), 'accept-language': 'en' },
        payload: { contentType: 'image/png', data: big.toString('base64') },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The logo must be at most 512 KB');
    });
  },
  { env: { WEB_DIST: webDist } },
);
