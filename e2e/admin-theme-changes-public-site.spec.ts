// An admin changes the primary colour on /admin/theme-settings and the public site
// paints with it from its first byte (the theme is inlined into the page). Runs on a
// private server so the shared server's theme stays the default for other journeys.
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
test.beforeEach(async () => {
  server = await startServer();
});
test.afterEach(async () => {
  await server?.stop();
});

const toast = (page: import('@playwright/test').Page, text: string) =>
  page.getByRole('region').getByRole('listitem').filter({ hasText: text });

test('the admin changes the primary colour and the public site shows it', async ({ page, axe }) => {
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await navigateTo(page, 'Configurações de tema');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tema');
  const primary = page.getByRole('textbox', { name: 'Cor principal', exact: true });
  await expect(primary).toHaveValue('#4a86e8');
  await expect(page.getByRole('region', { name: 'Mapa para escolher o centro inicial' })).toBeVisible();
  await axe('theme settings pt');

  // The preview follows the form before anything is saved.
  await primary.fill('#aa3300');
  await expect(page.getByTestId('theme-preview')).toHaveAttribute('style', /--theme-primary: #aa3300/);
  await primary.fill('verde');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Informe uma cor no formato #rrggbb')).toBeVisible();
  await primary.fill('#aa3300');
  await page.getByLabel('Zoom', { exact: true }).fill('11');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page, 'Configurações salvas')).toBeVisible();

  // A fresh visit to the public site: the new colour is there at once, with no flash of the default.
  const html = await (await fetch(`${server.url}/`)).text();
  expect(html).toContain('--theme-primary:#aa3300');
  const visitor = await page.context().browser()?.newPage();
  if (!visitor) throw new Error('no browser');
  await visitor.goto(`${server.url}/`);
  const painted = await visitor.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue('--theme-primary').trim(),
  );
  expect(painted).toBe('#aa3300');
  const site = await (await fetch(`${server.url}/api/site`)).json();
  expect(site.map.zoom).toBe(11);

  // Dark mode: a darker palette through the same variables.
  await page.getByLabel('Modo escuro').check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page, 'Configurações salvas')).toBeVisible();
  await visitor.goto(`${server.url}/`);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  const background = await visitor.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
  expect(background).toBe('rgb(22, 24, 29)');
  await visitor.close();
  // The admin area follows at once, and stays readable.
  await expect(page.locator('html')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
  await axe('theme settings in dark mode');
  await page.getByLabel('Modo escuro').uncheck();

  // In English, and back to the defaults.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Theme');
  await axe('theme settings en');
  await page.getByRole('button', { name: 'Reset to defaults' }).click();
  await expect(page.getByRole('textbox', { name: 'Primary colour', exact: true })).toHaveValue('#4a86e8');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  expect(await (await fetch(`${server.url}/`)).text()).toContain('--theme-primary:#4a86e8');
});

test('the captcha settings screen keeps the secret key hidden', async ({ page, axe }) => {
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await navigateTo(page, 'Configurações de captcha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Captcha');
  // This server runs with CAPTCHA=off, and the screen says so.
  await expect(page.getByRole('status')).toContainText('CAPTCHA=off');
  await expect(page.getByLabel('Captcha ativado')).toBeChecked();
  await expect(page.getByLabel('ALTCHA (próprio servidor, sem chaves)')).toBeChecked();
  await axe('captcha settings pt');

  await page.getByLabel('Cloudflare Turnstile').check();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('A chave do site é obrigatória para este serviço')).toBeVisible();
  await page.getByLabel('Chave do site').fill('site-key-123');
  await page.getByLabel('Chave secreta').fill('secret-key-456');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toast(page, 'Configurações salvas')).toBeVisible();
  await expect(page.getByLabel('Chave secreta')).not.toHaveValue('secret-key-456');
  await axe('captcha settings with a provider');

  await page.reload();
  await expect(page.getByLabel('Chave do site')).toHaveValue('site-key-123');
  await expect(page.getByLabel('Chave secreta')).not.toHaveValue('secret-key-456');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Captcha');
  await page.getByLabel('ALTCHA (self-hosted, no keys)').check();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();
  await axe('captcha settings en');
});
