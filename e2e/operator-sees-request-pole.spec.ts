// Two requests on one pole (issue 21): the operator filters the list by the pole's number
// as typed, sees the pole column (a card line on a phone), opens the newer request, reads
// its pole and the warning of the other open request on it, and follows that link. In
// Portuguese, then in English with the requests report filtered by the pole.
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { poleFixture } from './support/request-pole.ts';
import { expectNoSidewaysScroll } from './support/requests.ts';

test.describe.configure({ timeout: 120_000 });

test('an operator filters by pole, sees the column, and is warned of the other open request on it', async ({
  page,
  axe,
}, testInfo) => {
  const { number, typed, olderId, newerId } = poleFixture();
  const phone = testInfo.project.name === 'phone';

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await page.goto('/admin/requests');
  await page.getByLabel('Poste', { exact: true }).fill(typed);
  await page.getByLabel('Poste', { exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]pole=${number}(&|$)`));
  await expect(page.getByLabel('Poste', { exact: true })).toHaveValue(number);
  await expect(page.getByText('2 solicitações encontradas', { exact: true })).toBeVisible();
  const ids = () => page.getByRole('row').locator('td[data-column="id"]').allInnerTexts();
  await expect
    .poll(async () => (await ids()).map((text) => text.replace(/\D/g, '')))
    .toEqual([String(newerId), String(olderId)]);
  // Each row shows the pole (a phone's card names it "Poste").
  await expect(page.getByRole('row').filter({ hasText: number })).toHaveCount(2);
  if (!phone) {
    await expect(page.getByRole('columnheader', { name: 'Poste', exact: true })).toBeVisible();
  }
  await axe('list filtered by pole');
  // A phone shows cards; on a wide screen the table's own region scrolls past its least width.
  if (phone) await expectNoSidewaysScroll(page, 'list filtered by pole');

  await page.getByRole('link', { name: `Ver detalhes da solicitação ${newerId}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${newerId}`);
  const info = page.getByRole('region', { name: 'Informações da solicitação' });
  await expect(info.getByRole('definition').filter({ hasText: number })).toBeVisible();
  const warning = page.getByRole('region', { name: 'Outras solicitações abertas neste poste' });
  await expect(warning).toContainText('Este poste já tem 1 outra solicitação aberta ou em andamento.');
  // Its map's zoom buttons in Portuguese, as the page (issue 35).
  const map = page.getByRole('region', { name: 'Mapa do local da solicitação' });
  await expect(map.getByRole('button', { name: 'Aproximar' })).toBeAttached();
  await expect(map.getByRole('button', { name: 'Zoom in' })).toHaveCount(0);
  await axe('detail with the same-pole warning');
  if (phone) await expectNoSidewaysScroll(page, 'detail with the same-pole warning');

  await warning.getByRole('link', { name: `Solicitação ${olderId}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${olderId}`);
  await expect(page.getByRole('region', { name: 'Outras solicitações abertas neste poste' })).toContainText(
    `Solicitação ${newerId}`,
  );
  // Back still returns to the list filtered by the pole.
  await page.getByRole('link', { name: 'Voltar às solicitações' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]pole=${number}(&|$)`));
});

test('in English: the pole filter, the warning, and the requests report by pole', async ({ page, axe }, testInfo) => {
  const { number, typed, olderId, newerId } = poleFixture();
  const phone = testInfo.project.name === 'phone';

  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await signInThroughForm(page, admin.username, admin.password, {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto('/admin/requests');
  await page.getByLabel('Pole', { exact: true }).fill('#1');
  await page.getByLabel('Pole', { exact: true }).press('Enter');
  await expect(
    page.getByText('Use 1 to 32 letters, digits, dots, hyphens or underscores in the pole number'),
  ).toBeVisible();
  await page.getByLabel('Pole', { exact: true }).fill(typed);
  await page.getByLabel('Pole', { exact: true }).press('Enter');
  await expect(page.getByText('2 requests found', { exact: true })).toBeVisible();
  await axe('list filtered by pole, en');

  await page.getByRole('link', { name: `View details of request ${olderId}` }).click();
  const warning = page.getByRole('region', { name: 'Other open requests on this pole' });
  await expect(warning).toContainText('This pole already has 1 other open or in-progress request.');
  await expect(warning.getByRole('link', { name: `Request ${newerId}` })).toBeVisible();
  await axe('detail with the same-pole warning, en');

  await page.goto(`/admin/reports/requests?pole=${encodeURIComponent(typed.trim())}`);
  await expect(page.getByLabel('Pole', { exact: true })).toHaveValue(number);
  const report = page.getByRole('region', { name: 'Requests report' });
  await expect(report.getByRole('row').filter({ hasText: number })).toHaveCount(2);
  await axe('requests report by pole, en');
  if (phone) await expectNoSidewaysScroll(page, 'requests report by pole');
});
