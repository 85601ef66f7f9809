// An administrator on a 360 px phone finds a citizen's request by its phone number, opens
// it, and changes its status from the form that heads the page; then again in English.
// No page along the way scrolls sideways: the list is cards, the menu closes with Escape.
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, fileRequest, uniquePhone } from './support/requests.ts';

test.describe.configure({ timeout: 120_000 });

test('an admin on a phone finds a request, opens it and changes its status, in Portuguese and English', async ({
  page,
  request,
  axe,
}) => {
  const phone = uniquePhone();
  const created = await fileRequest(request, phone);

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await expectNoSidewaysScroll(page, 'dashboard');

  // The menu opens from its button and Escape closes it, giving the button focus back.
  const menu = page.getByRole('button', { name: /Menu/ });
  await menu.click();
  await expect(page.locator('#admin-nav')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('#admin-nav')).toBeHidden();
  await expect(menu).toBeFocused();

  await navigateTo(page, 'Solicitações');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitações de reparo');
  await page.getByLabel('Buscar', { exact: true }).fill(phone);
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page.getByText('1 solicitação encontrada', { exact: true })).toBeVisible();
  // A card: number, status, problem, address and age, each named.
  const card = page.getByRole('row').filter({ hasText: String(created.id) });
  await expect(card).toContainText(`Número${created.id}`);
  await expect(card).toContainText('StatusAberta');
  await expect(card).toContainText('ProblemaLâmpada apagada');
  await expect(card).toContainText('Rua João Alfredo, 250');
  await expect(card.getByRole('columnheader')).toHaveCount(0);
  await expect(page.getByLabel('Ordenar por')).toHaveValue('created:desc');
  await expectNoSidewaysScroll(page, 'request list');
  await axe('request list on a phone');

  await card.getByRole('link', { name: `Ver detalhes da solicitação ${created.id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${created.id}`);
  // The update form comes before the request's facts.
  const status = page.getByLabel('Novo status');
  const facts = page.getByRole('heading', { name: 'Informações da solicitação' });
  const [formTop, factsTop] = [(await status.boundingBox())!.y, (await facts.boundingBox())!.y];
  expect(formTop).toBeLessThan(factsTop);
  await expectNoSidewaysScroll(page, 'request detail');
  await status.selectOption({ label: 'Em andamento' });
  await page.getByRole('button', { name: 'Salvar atualização' }).click();
  await expect(toastWith(page, 'Atualizado com sucesso')).toBeVisible();
  await expect(page.getByTestId('request-history')).toContainText('Status: Aberta → Em andamento');
  await expectNoSidewaysScroll(page, 'request detail after the update');
  await axe('request detail on a phone');

  // In English: back to the list (the same search), open it again, complete it.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await page.getByRole('link', { name: 'Back to requests' }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(page.getByText('1 request found', { exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: String(created.id) })).toContainText('StatusIn Progress');
  await expectNoSidewaysScroll(page, 'request list, en');
  await page.getByRole('link', { name: `View details of request ${created.id}` }).click();
  await page.getByLabel('New status').selectOption({ label: 'Completed' });
  await page.getByRole('button', { name: 'Save update' }).click();
  await expect(toastWith(page, 'Updated successfully')).toBeVisible();
  await expect(page.getByTestId('request-history')).toContainText('Status: In Progress → Completed');
  await expectNoSidewaysScroll(page, 'request detail, en');
  await axe('request detail on a phone, en');
});
