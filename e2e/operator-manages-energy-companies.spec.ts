// An administrator adds an energy company and citizens can choose it in the wizard's
// step 3; deactivated, it disappears there. Deleting is refused while requests refer to
// a company and allowed otherwise; a failed load offers a retry. Runs on a private
// server so the shared one's company list stays as other journeys expect it.
import { createAccountViaApi, navigateTo, openNav, signInThroughForm, unfoldNavGroups } from './support/admin.ts';
import {
  ANDRADAS,
  chooseProblem,
  confirmLocation,
  expectStep,
  fillContact,
  openWizard,
  type PrivateServer,
  startPrivateServer,
  toastWith,
} from './support/citizen.ts';
import { admin, expect, expectNoAxeViolations, test } from './support/fixtures.ts';

test.describe.configure({ timeout: 150_000 });

let server: PrivateServer;
test.beforeEach(async () => {
  server = await startPrivateServer();
});
test.afterEach(async () => {
  await server.stop();
});

test('an admin adds a company that citizens can choose, deactivates it, and it disappears', async ({
  browser,
}, testInfo) => {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: testInfo.project.use.viewport,
    hasTouch: testInfo.project.use.hasTouch,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    permissions: ['geolocation'],
    geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
  });
  const page = await context.newPage();

  // A failed load offers a retry.
  let failures = 1;
  await page.route('**/api/admin/energy-companies', (route) => {
    if (route.request().method() === 'GET' && failures > 0) {
      failures -= 1;
      return route.fulfill({ status: 503, body: '{"message":"Serviço indisponível no momento"}' });
    }
    return route.fallback();
  });
  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await navigateTo(page, 'Concessionárias');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Concessionárias');
  await expect(page.getByRole('alert')).toContainText('Erro ao carregar as concessionárias');
  await expectNoAxeViolations(page, 'registry load error');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  const registry = page.getByRole('region', { name: 'Concessionárias' });
  await expect(registry.getByRole('row').filter({ hasText: 'CEEE Equatorial Energia' })).toBeVisible();
  await expectNoAxeViolations(page, 'registry');
  // At 360 px the rows are cards: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)).toBe(
    false,
  );

  // The form: the spec's messages, the defaults, the colour and icon pickers.
  await page.getByRole('button', { name: 'Adicionar concessionária' }).click();
  const colours = page.getByRole('group', { name: 'Cor' });
  const icons = page.getByRole('group', { name: 'Ícone' });
  await expect(colours.getByRole('radio', { name: 'Azul', exact: true })).toBeChecked();
  await expect(icons.getByRole('radio', { name: 'Raio', exact: true })).toBeChecked();
  await expect(page.getByLabel('Ativa (exibida aos cidadãos)')).toBeChecked();
  await expect(page.getByTestId('icon-preview-name')).toHaveText('Ícone exibido: flash_on');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('O nome curto é obrigatório', { exact: true })).toBeVisible();
  await expect(page.getByText('O nome completo é obrigatório', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'company form with errors');

  await page.getByLabel('Nome curto').fill('Coprel');
  await page.getByLabel('Nome completo').fill('Cooperativa Coprel de Energia');
  // By keyboard: arrows move within each group of swatches and icons.
  await colours.getByRole('radio', { name: 'Azul', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(colours.getByRole('radio', { name: 'Verde', exact: true })).toBeChecked();
  await icons.getByRole('radio', { name: 'Raio', exact: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(icons.getByRole('radio', { name: 'Sol', exact: true })).toBeChecked();
  await expect(page.getByTestId('icon-preview-name')).toHaveText('Ícone exibido: wb_sunny');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toastWith(page, 'Concessionária criada')).toBeVisible();
  const coprel = registry.getByRole('row').filter({ hasText: 'Cooperativa Coprel de Energia' });
  await expect(coprel).toContainText('Ativa');

  // A citizen reaches step 3 and can choose it.
  const citizen = await context.newPage();
  await openWizard(citizen, 'pt');
  await fillContact(citizen, 'pt', { phone: '(51) 98765-1234' });
  await expect(citizen.getByTestId('selected-address')).toContainText('Rua dos Andradas');
  await chooseProblem(citizen, 'pt', 'Lâmpada apagada');
  await confirmLocation(citizen, 'pt');
  await citizen.getByRole('button', { name: 'Próximo' }).click();
  await expectStep(citizen, 'pt', 3);
  await expect(citizen.getByRole('radio', { name: /Coprel/ })).toBeVisible();
  await expect(citizen.locator('[data-icon="wb_sunny"]')).toHaveCount(1);

  // Deactivated, it leaves the wizard.
  await page.getByRole('button', { name: 'Editar Coprel' }).click();
  await expect(page.getByLabel('Nome curto')).toHaveValue('Coprel');
  await page.getByLabel('Ativa (exibida aos cidadãos)').uncheck();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(toastWith(page, 'Concessionária salva')).toBeVisible();
  await expect(coprel).toContainText('Inativa');
  await citizen.reload();
  await expectStep(citizen, 'pt', 3);
  await expect(citizen.getByRole('radio', { name: /CEEE/ })).toBeVisible();
  await expect(citizen.getByRole('radio', { name: /Coprel/ })).toHaveCount(0);

  // A company with requests offers no delete and says why; an unused one can be deleted.
  const filed = await page.request.post('/api/repair-requests', {
    data: {
      phone: '(51) 99999-1111',
      address: 'Rua dos Andradas, 10',
      problemType: 'NO_LAMP',
      latitude: '-30.03',
      longitude: '-51.23',
      company: '2',
    },
  });
  expect(filed.status()).toBe(201);
  await page.reload();
  const certel = registry.getByRole('row').filter({ hasText: 'Certel' });
  await expect(certel).toContainText('Não pode ser excluída: 1 solicitação a usa. Desative-a em vez disso.');
  await expect(page.getByRole('button', { name: 'Excluir Certel' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Excluir Coprel' }).click();
  // The deletion asks first; Cancel keeps the company, Excluir goes on.
  const confirm = page.getByRole('alertdialog', { name: 'Excluir Coprel' });
  await expect(confirm).toContainText('Excluir Coprel? Isso não pode ser desfeito.');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Cancelar' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Excluir Coprel' })).toBeFocused();
  await page.getByRole('button', { name: 'Excluir Coprel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir', exact: true }).click();
  await expect(toastWith(page, 'Concessionária excluída')).toBeVisible();
  await expect(coprel).toHaveCount(0);

  // The same screen in English.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Energy companies');
  await page.getByRole('button', { name: 'Add company' }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Short name is required', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, 'registry en');
  await context.close();
});

test('only administrators reach the registry', async ({ browser }, testInfo) => {
  const context = await browser.newContext({ baseURL: server.url, viewport: testInfo.project.use.viewport });
  const page = await context.newPage();
  await createAccountViaApi(server.url, {
    username: 'ulisses',
    password: 'ulisses-senha',
    name: 'Ulisses',
    role: 'user',
  });
  await page.goto('/admin/login');
  await signInThroughForm(page, 'ulisses', 'ulisses-senha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await page.goto('/admin/energy-companies');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await openNav(page);
  await unfoldNavGroups(page);
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Postes' })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'Concessionárias' })).toHaveCount(0);
  const res = await page.request.get('/api/admin/energy-companies');
  expect(res.status()).toBe(403);
  await context.close();
});
