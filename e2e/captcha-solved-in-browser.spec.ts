// With captcha on (the default outside tests), the self-hosted ALTCHA check is solved by
// the browser: a citizen files a request, an admin signs in and asks for a reset link.
// A private server runs with CAPTCHA=on; the shared one runs with CAPTCHA=off.
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { chooseProblem, confirmLocation, expectStep, fillContact, text } from './support/citizen.ts';
import { type FakeGeocoder, PLACES, startFakeGeocoder } from './support/fake-geocoder.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ANDRADAS = PLACES[0]!;
test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

let server: RunningServer;
let geocoder: FakeGeocoder;
test.beforeEach(async () => {
  geocoder = await startFakeGeocoder();
  server = await startServer({ GEOCODER_URL: geocoder.url, CAPTCHA: 'on' });
});
test.afterEach(async () => {
  await server?.stop();
  await geocoder?.close();
});

test('a citizen files a request with the robot check solved in the browser', async ({ page, axe }) => {
  const captcha = await (await fetch(`${server.url}/api/captcha`)).json();
  expect(captcha).toMatchObject({ enabled: true, provider: 'altcha' });

  await page.goto(server.url);
  await expectStep(page, 'pt', 1);
  // Nothing of the check on the first steps.
  await expect(page.getByRole('group', { name: 'Verificação contra robôs' })).toHaveCount(0);
  await fillContact(page, 'pt', { name: 'Ana Souza', phone: '(51) 99999-0000' });
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, 'pt', 'Lâmpada apagada');
  await confirmLocation(page, 'pt');
  await page.getByRole('button', { name: text.pt.next }).click();
  await expectStep(page, 'pt', 3);

  await page.getByRole('radio', { name: /Certel/ }).check();
  const check = page.getByRole('group', { name: 'Verificação contra robôs' });
  await expect(check).toBeVisible();
  const started = Date.now();
  await expect(check.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 20_000 });
  test.info().annotations.push({ type: 'captcha', description: `verified in ${Date.now() - started} ms` });
  await axe('step 3 with the robot check');
  await page.getByRole('button', { name: text.pt.submit }).click();
  await expectStep(page, 'pt', 4);
  await expect(page.getByTestId('request-id')).toHaveText(/^\d+$/);
});

test('a citizen who submits before the check has finished waits for it, then the request goes', async ({ page }) => {
  // The challenge takes 3 s to come: the check is still running when the citizen submits.
  await page.route('**/api/captcha/challenge', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000));
    await route.continue();
  });
  await page.goto(server.url);
  await fillContact(page, 'pt', { phone: '(51) 99999-0000' });
  await expect(page.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(page, 'pt', 'Lâmpada apagada');
  await confirmLocation(page, 'pt');
  await page.getByRole('button', { name: text.pt.next }).click();
  await expectStep(page, 'pt', 3);
  await expect(page.getByText(/A verificação é automática e não pede nada a você/)).toBeVisible();
  await expect(page.getByText(/Marque a caixa/)).toHaveCount(0);
  await page.getByRole('radio', { name: /CEEE/ }).check();
  await page.getByRole('button', { name: text.pt.submit }).click();
  await expect(page.getByRole('button', { name: 'Verificando contra robôs...' })).toBeVisible();
  await expectStep(page, 'pt', 4);
  await expect(page.getByTestId('request-id')).toHaveText(/^\d+$/);
  await expect(page.getByText('Erro ao enviar solicitação')).toHaveCount(0);
});

test('an admin signs in and asks for a reset link with the robot check on', async ({ page, axe }) => {
  await page.goto(`${server.url}/admin/login`);
  const check = page.getByRole('group', { name: 'Verificação contra robôs' });
  await expect(check.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 20_000 });
  await axe('login with the robot check');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await navigateTo(page, 'Configurações de captcha');
  await expect(page.getByRole('status')).toHaveCount(0);

  await page.context().clearCookies();
  await page.goto(`${server.url}/admin/request-password-reset`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  const checkEn = page.getByRole('group', { name: 'Robot check' });
  await expect(checkEn.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 20_000 });
  await axe('reset request with the robot check (en)');
  await page.getByLabel('Username').fill('someone');
  await page.getByRole('button', { name: /reset link/i }).click();
  await expect(page.getByText(/If the user exists/i)).toBeVisible();
});
