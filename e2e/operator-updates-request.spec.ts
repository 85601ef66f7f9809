// An operator finds a citizen's request by phone, opens it, moves it to "in progress"
// with a note and takes it; the citizen's tracking page shows the new status and the
// timeline. Then the operator's own queue, a quick change in English, and a viewer who
// can only read.
import { createAccountViaApi, navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { fileRequest, uniquePhone } from './support/requests.ts';

// Several sign-ins (argon2) and screens per journey: more time than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

/** At 360 px nothing but the tables' own scroll regions may scroll sideways. */
async function expectNoPageScroll(page: import('@playwright/test').Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(wide).toBe(false);
}

test('an operator finds a request by phone, moves it to in progress with a note, and the citizen sees it', async ({
  page,
  request,
  baseURL,
  axe,
}, testInfo) => {
  const phone = uniquePhone();
  const created = await fileRequest(request, phone);
  const username = uniqueUsername(testInfo, 'operadora');
  await createAccountViaApi(baseURL!, { username, password: 'operadora-senha', name: 'Olga Operadora', role: 'user' });

  await page.goto('/admin/login');
  await signInThroughForm(page, username, 'operadora-senha');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await expect(page.getByTestId('count-total')).not.toHaveText('0');
  await expect(page.getByText('Solicitações por status')).toBeVisible();
  await expect(page.getByText('Solicitações por concessionária')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver todas as solicitações' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Ir para o site público' })).toHaveAttribute(
    'href',
    '/',
  );
  await axe('dashboard');
  await expectNoPageScroll(page);

  await navigateTo(page, 'Solicitações');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitações de reparo');
  await page.getByLabel('Buscar', { exact: true }).fill(phone.replace(/\D/g, '').slice(-8));
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText('1 solicitação encontrada', { exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: phone });
  await expect(row).toContainText('Rosângela Medeiros');
  await expect(row).toContainText('Certel');
  await expect(row).toContainText('Aberta');
  await axe('request list');
  await expectNoPageScroll(page);

  // The filters live in the URL: a reload keeps them.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Aberta' });
  await expect(page).toHaveURL(/status=open/);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: phone })).toBeVisible();
  await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');

  await page.getByRole('link', { name: `Ver detalhes da solicitação ${created.id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${created.id}`);
  await expect(page.getByText('rosangela@example.com')).toBeVisible();
  await expect(page.getByText('-30.0401, -51.2219')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir em um serviço de mapas' })).toHaveAttribute(
    'href',
    /openstreetmap\.org\/\?mlat=-30\.0401&mlon=-51\.2219/,
  );
  await expect(page.getByRole('region', { name: 'Mapa do local da solicitação' })).toBeVisible();
  await expect(page.getByTestId('request-history')).toContainText('Solicitação registrada');
  await axe('request detail');

  await page.getByLabel('Novo status').selectOption({ label: 'Em andamento' });
  await page.getByLabel('Responsável').selectOption({ label: `Olga Operadora (${username})` });
  await page.getByLabel('Observações').fill('Equipe a caminho do local.');
  await page.getByRole('button', { name: 'Salvar atualização' }).click();
  await expect(toastWith(page, 'Atualizado com sucesso')).toBeVisible();
  const history = page.getByTestId('request-history');
  await expect(history).toContainText('Status: Aberta → Em andamento');
  await expect(history).toContainText('Atribuída a Olga Operadora');
  await expect(history).toContainText('Equipe a caminho do local.');
  await expect(history).toContainText('por Olga Operadora');
  await axe('request detail after the update');
  await expectNoPageScroll(page);

  // The citizen's tracking page shows the real status and the timeline, never the operator.
  const citizen = await page.context().newPage();
  await citizen.goto(`/track/${created.id}?t=${created.trackingToken}`);
  await expect(citizen.getByTestId('status-badge').first()).toHaveText('Em andamento');
  const timeline = citizen
    .getByRole('region', { name: 'Histórico' })
    .or(citizen.locator('section[aria-labelledby="timeline-title"]'));
  await expect(timeline.first()).toContainText('Aberta');
  await expect(timeline.first()).toContainText('Em andamento');
  await expect(citizen.getByText('Olga Operadora')).toHaveCount(0);
  await citizen.close();

  // My queue holds it; a quick change in English completes it.
  await navigateTo(page, 'Minha fila');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Minha fila');
  await expect(page.getByRole('row').filter({ hasText: phone })).toBeVisible();
  await axe('my queue pt');
  await expectNoPageScroll(page);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My queue');
  await page.getByLabel(`Change status of request ${created.id}`).selectOption({ label: 'Completed' });
  await page.getByRole('button', { name: `Apply status to request ${created.id}` }).click();
  await expect(toastWith(page, 'Updated successfully')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: phone })).toContainText('Completed');
  await axe('my queue en');

  const tracked = await request.get(`/api/repair-requests/${created.id}`);
  expect((await tracked.json()).timeline.map((e: { status: string }) => e.status)).toEqual([
    'open',
    'in_progress',
    'completed',
  ]);
});

test('a viewer reads a request but gets no update form; a stale edit is refused clearly', async ({
  page,
  request,
  baseURL,
  axe,
}, testInfo) => {
  const created = await fileRequest(request, uniquePhone());
  const viewer = uniqueUsername(testInfo, 'leitor');
  await createAccountViaApi(baseURL!, {
    username: viewer,
    password: 'leitor-senha',
    name: 'Vera Leitora',
    role: 'viewer',
  });
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await signInThroughForm(page, viewer, 'leitor-senha', {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto(`/admin/requests/${created.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request #${created.id}`);
  await expect(page.getByText('Your account can view requests but not change them.')).toBeVisible();
  await expect(page.getByLabel('New status')).toHaveCount(0);
  await axe('request detail, viewer, en');

  // An operator's form is open while the request changes elsewhere (another tab, through
  // the API with the same session): the save is refused with the reason, not applied.
  const operator = uniqueUsername(testInfo, 'op');
  await createAccountViaApi(baseURL!, { username: operator, password: 'op-senha-123', name: 'Otto', role: 'user' });
  await page.context().clearCookies();
  await page.goto('/admin/login');
  await signInThroughForm(page, operator, 'op-senha-123', {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto(`/admin/requests/${created.id}`);
  await expect(page.getByLabel('New status')).toBeVisible();
  const read = await page.request.get(`/api/admin/repair-requests/${created.id}`);
  const elsewhere = await page.request.patch(`/api/admin/repair-requests/${created.id}`, {
    data: { status: 'cancelled', updatedAt: (await read.json()).updatedAt },
  });
  expect(elsewhere.status()).toBe(200);

  await page.getByLabel('New status').selectOption({ label: 'Completed' });
  await page.getByRole('button', { name: 'Save update' }).click();
  await expect(toastWith(page, /This request was changed by someone else/)).toBeVisible();
  // The screen reloads what is stored: cancelled, not the stale edit.
  await expect(page.getByTestId('request-history')).toContainText('Status: Open → Cancelled');
});
