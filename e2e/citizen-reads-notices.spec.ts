// Who runs the service, in both languages: an admin sets the operator, a privacy text and
// an SVG logo that has only a viewBox; every public page's footer names the operator and
// leads to /privacy (the admin's text, markup shown as text) and /accessibility (the
// default statement). A private server, so the shared one keeps the defaults.
import type { Page } from '@playwright/test';
import { HEADER_LOGO_HEIGHT_PX } from '../packages/shared/src/constants.ts';
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

const PRIVACY_PT = 'Quem cuida dos seus dados\n\nA Prefeitura de Exemplo trata o telefone <b>só</b> para o reparo.';
const PRIVACY_EN = 'Who looks after your data\n\nThe City of Example uses your phone <b>only</b> for the repair.';
// 160 × 40 by its viewBox (the widest a header shows), and no width or height.
const SVG_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40"><rect width="160" height="40" fill="#1d4ed8"/></svg>';

/** `narrowMax`: the logo's width limit on a phone, where the admin header also holds the Menu button. */
async function expectLogoAtHeaderSize(page: Page, narrowMax?: number) {
  const logo = page.getByTestId('header-logo');
  await expect(logo).toBeVisible();
  await expect.poll(async () => (await logo.boundingBox())?.width ?? 0).toBeGreaterThan(0);
  const box = await logo.boundingBox();
  expect(box?.height).toBeCloseTo(HEADER_LOGO_HEIGHT_PX, 0);
  const phone = (page.viewportSize()?.width ?? 1280) < 640;
  expect(box?.width).toBeCloseTo(phone && narrowMax ? narrowMax : HEADER_LOGO_HEIGHT_PX * 4, 0);
}

/** The header, logo and all, fits the screen: nothing past its right edge, no sideways scroll (issue 35: ~40 px at 360). */
async function expectHeaderFits(page: Page) {
  const overflow = await page.evaluate(() => {
    const header = document.querySelector('header');
    const right = Math.max(...[...(header?.querySelectorAll('*') ?? [])].map((e) => e.getBoundingClientRect().right));
    return { right, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth };
  });
  expect(overflow.right).toBeLessThanOrEqual(overflow.width);
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.width);
}

test('the footer leads to the privacy notice an admin wrote and to the accessibility statement', async ({
  page,
  axe,
}) => {
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  const upload = await page.request.post(`${server.url}/api/admin/theme-settings/logo`, {
    data: { contentType: 'image/svg+xml', data: Buffer.from(SVG_LOGO).toString('base64') },
  });
  expect(upload.status()).toBe(200);

  await navigateTo(page, 'Configurações de tema');
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Quem mantém o serviço e avisos públicos' })).toBeVisible();
  // At 360 px the admin header holds the Menu button, a narrower logo, the title and the account.
  await expect(page.getByTestId('header-logo')).toBeVisible();
  await expectHeaderFits(page);
  await expectLogoAtHeaderSize(page, 96);
  await page.getByLabel('Nome do órgão ou empresa responsável').fill('Prefeitura de Exemplo');
  await page.getByLabel('E-mail de contato').fill('não é e-mail');
  await page.getByLabel('Aviso de privacidade (português)').fill(PRIVACY_PT);
  await page.getByLabel('Aviso de privacidade (inglês)').fill(PRIVACY_EN);
  await page.getByRole('button', { name: 'Salvar textos' }).click();
  await expect(page.getByText('O formato do e-mail é inválido')).toBeVisible();
  await page.getByLabel('E-mail de contato').fill('ouvidoria@exemplo.gov.br');
  await page.getByLabel('Telefone de contato').fill('(51) 3333-0000');
  await page.getByRole('button', { name: 'Salvar textos' }).click();
  await expect(page.getByText('Textos salvos').first()).toBeVisible();
  await axe('theme settings with the public notices');

  await page.goto(`${server.url}/`);
  await expectLogoAtHeaderSize(page);
  const footer = page.getByRole('contentinfo');
  await expect(footer).toContainText('Serviço mantido por Prefeitura de Exemplo');
  await expect(footer.getByRole('link', { name: 'ouvidoria@exemplo.gov.br' })).toBeVisible();

  await footer.getByRole('link', { name: 'Aviso de privacidade' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  const title = page.getByRole('heading', { level: 1, name: 'Aviso de privacidade' });
  await expect(title).toBeFocused();
  await expect(page).toHaveTitle('Aviso de privacidade · Acende');
  await expect(page.getByRole('heading', { level: 2, name: 'Quem cuida dos seus dados' })).toBeVisible();
  await expect(page.getByTestId('notice-text')).toContainText('o telefone <b>só</b> para o reparo.');
  await expect(page.getByTestId('notice-text').locator('b')).toHaveCount(0);
  await axe('privacy pt');

  await footer.getByRole('link', { name: 'Declaração de acessibilidade' }).click();
  await expect(page).toHaveURL(/\/accessibility$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Declaração de acessibilidade' })).toBeFocused();
  await expect(page.getByTestId('notice-text')).toContainText('WCAG) 2.2, nível AA');
  await expect(page.getByTestId('notice-text')).toContainText(
    'Prefeitura de Exemplo por e-mail ouvidoria@exemplo.gov.br',
  );
  await axe('accessibility pt');

  await page.getByRole('button', { name: 'EN, Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Accessibility statement' })).toBeVisible();
  await expect(page.getByTestId('notice-text')).toContainText('How to report a barrier');
  await axe('accessibility en');
  await footer.getByRole('link', { name: 'Privacy notice' }).click();
  await expect(page.getByTestId('notice-text')).toContainText('uses your phone <b>only</b> for the repair.');
  await expect(footer).toContainText('Service run by Prefeitura de Exemplo');
  await axe('privacy en');

  // The footer is on the other public pages too.
  for (const path of ['/track', '/no-such-page']) {
    await page.goto(`${server.url}${path}`);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Privacy notice' })).toBeVisible();
  }
});
