// Issue 37 (decision 0067): an operator adds a crew, picks two requests on the list and makes
// that crew's work order of them from the bulk bar, follows the toast's link and reads the
// stops in route order (Portuguese); the screen's title in English.
import { createAccountViaApi, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';

// Two sign-ins' worth of argon2 and four screens: more than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

test('an operator makes a crew, dispatches two selected requests to it and reads the route', async ({
  page,
  request,
  baseURL,
  axe,
}, testInfo) => {
  const tag = `Rota${testInfo.project.name}${Date.now().toString(36)}`;
  const phone = uniquePhone();
  // Filed one after the other, a few streets apart: with no start point the route begins at
  // the request filed first, then the nearest.
  const file = async (address: string, latitude: string, longitude: string) => {
    const res = await request.post('/api/repair-requests', {
      data: {
        name: `Morador ${tag}`,
        email: 'morador@example.com',
        phone,
        address,
        problemType: 'LIGHT_OUT',
        latitude,
        longitude,
        company: '2',
      },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: number }).id;
  };
  const first = await file('Rua João Alfredo, 250 - Cidade Baixa, Porto Alegre - RS', '-30.0401', '-51.2219');
  const second = await file('Rua da República, 400 - Cidade Baixa, Porto Alegre - RS', '-30.0420', '-51.2240');
  const username = uniqueUsername(testInfo, 'supervisora');
  await createAccountViaApi(baseURL!, {
    username,
    password: 'supervisora-senha',
    name: 'Sara Supervisora',
    role: 'user',
    companies: [2],
  });

  await page.goto('/admin/login');
  await signInThroughForm(page, username, 'supervisora-senha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  // The crew.
  await page.goto('/admin/work-orders');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Equipes e ordens de serviço');
  const crewName = `Equipe ${tag}`;
  const addCrew = page.getByRole('form', { name: 'Adicionar equipe' });
  await addCrew.getByLabel(/Empresa/).selectOption({ index: 1 });
  await addCrew.getByLabel(/Nome da equipe/).fill(crewName);
  await addCrew.getByRole('button', { name: 'Adicionar equipe' }).click();
  await expect(
    page.getByRole('region', { name: 'Equipes' }).getByRole('row', { name: new RegExp(crewName) }),
  ).toContainText('Ativa');
  await axe('work orders page pt');
  if (testInfo.project.name === 'phone') await expectNoSidewaysScroll(page, 'work orders page');

  // The two requests, picked on the list, become the crew's work order.
  await page.goto(`/admin/requests?q=${phone}`);
  await page.getByRole('checkbox', { name: `Selecionar a solicitação ${first}`, exact: true }).check();
  await page.getByRole('checkbox', { name: `Selecionar a solicitação ${second}`, exact: true }).check();
  await page.getByRole('button', { name: 'Criar ordem de serviço' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Nova ordem de serviço' });
  await expect(dialog).toContainText('2 solicitações selecionadas na lista');
  const crewOption = dialog.getByRole('option', { name: new RegExp(`^${crewName} \\(`) });
  await dialog.getByLabel(/Equipe/).selectOption((await crewOption.getAttribute('value')) ?? '');
  await axe('work order form pt');
  await dialog.getByRole('button', { name: 'Criar ordem' }).click();
  const toast = toastWith(page, /Ordem de serviço nº \d+ criada com 2 paradas/);
  await expect(toast).toBeVisible();
  await toast.getByRole('link', { name: /Abrir a ordem nº \d+/ }).click();

  // The route, in order.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Ordem de serviço nº \d+$/);
  const route = page.getByRole('region', { name: 'Roteiro' });
  // The stops' rows (at 360 px the header row is hidden and the rows are cards).
  const rows = route.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`#${first}`);
  await expect(rows.nth(0)).toContainText('Rua João Alfredo, 250');
  await expect(rows.nth(1)).toContainText(`#${second}`);
  await expect(rows.nth(1)).toContainText('Rua da República, 400');
  await expect(page.getByRole('region', { name: /Mapa do roteiro/ })).toBeVisible();
  await axe('work order route pt');
  if (testInfo.project.name === 'phone') await expectNoSidewaysScroll(page, 'work order route');

  // English.
  await page.goto('/admin/work-orders');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crews and work orders');
  await expect(
    page.getByRole('region', { name: 'Work orders of the day' }).getByRole('row', { name: new RegExp(crewName) }),
  ).toContainText('0 of 2');
});
