// A list filtered by company, status, creation days and a search, sorted by number, opened
// and returned to (by the page's back link and by the browser's back button, and reloaded)
// keeps its filters and order: they live in the address. In English, then in Portuguese.
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { fileRequest, uniquePhone } from './support/requests.ts';

test.describe.configure({ timeout: 120_000 });

/** Today in São Paulo, as the date filter reads days (YYYY-MM-DD). */
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());

test('a filtered and sorted list keeps its filters and order after opening a request and coming back', async ({
  page,
  request,
  axe,
}) => {
  const name = `Filtrada ${Date.now().toString(36)}`;
  const older = await fileRequest(request, uniquePhone(), { name, company: '2' });
  const newer = await fileRequest(request, uniquePhone(), { name, company: '2' });
  // Same name at another company: the company filter leaves it out.
  const elsewhere = await fileRequest(request, uniquePhone(), { name, company: '1' });

  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await signInThroughForm(page, admin.username, admin.password, {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto('/admin/requests');
  await page.getByLabel('Search', { exact: true }).fill(name);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  // Each filter is in the address before the next is chosen: on a slow machine a later
  // change made while the search's address was still being written was lost (CI saw it).
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByLabel('Energy company').selectOption({ label: 'Certel' });
  await expect(page).toHaveURL(/[?&]companyId=2(&|$)/);
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Open' });
  await expect(page).toHaveURL(/[?&]status=open(&|$)/);
  await page.getByLabel('From').fill(today());
  await expect(page).toHaveURL(/[?&]from=/);
  await page.getByLabel('To').fill(today());
  await expect(page).toHaveURL(/[?&]to=/);
  // Sort by number: the first click sorts ascending, the second descending.
  const number = page.getByRole('columnheader', { name: /Number/ });
  await number.getByRole('button').click();
  await expect(number).toHaveAttribute('aria-sort', 'ascending');
  await number.getByRole('button').click();
  await expect(number).toHaveAttribute('aria-sort', 'descending');
  await expect(page.getByText('2 requests found', { exact: true })).toBeVisible();
  const ids = () => page.getByRole('row').locator('td[data-column="id"]').allInnerTexts();
  await expect.poll(ids).toEqual([String(newer.id), String(older.id)]);
  expect(await ids()).not.toContain(String(elsewhere.id));
  const filtered = page.url();
  expect(new URL(filtered).searchParams.get('sort')).toBe('number');
  await axe('filtered list, en');

  const expectSameList = async () => {
    await expect(page).toHaveURL(filtered);
    await expect(page.getByLabel('Search', { exact: true })).toHaveValue(name);
    await expect(page.getByLabel('Energy company')).toHaveValue('2');
    await expect(page.getByLabel('Status', { exact: true })).toHaveValue('open');
    await expect(page.getByLabel('From')).toHaveValue(today());
    await expect(page.getByLabel('To')).toHaveValue(today());
    await expect(page.getByRole('columnheader', { name: /Number/ })).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(ids).toEqual([String(newer.id), String(older.id)]);
  };

  // The page's back link.
  await page.getByRole('link', { name: `View details of request ${older.id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request #${older.id}`);
  await page.getByRole('link', { name: 'Back to requests' }).click();
  await expectSameList();

  // The browser's back button, in Portuguese, and a reload.
  await page.getByRole('button', { name: /Português/ }).click();
  await page.getByRole('link', { name: `Ver detalhes da solicitação ${newer.id}` }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${newer.id}`);
  await page.goBack();
  await expect(page).toHaveURL(filtered);
  await expect(page.getByLabel('Concessionária')).toHaveValue('2');
  await expect(page.getByRole('columnheader', { name: /Número/ })).toHaveAttribute('aria-sort', 'descending');
  await page.reload();
  await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue(name);
  await expect.poll(ids).toEqual([String(newer.id), String(older.id)]);

  // Clearing the filters keeps the order; a list the filters leave empty offers to clear them.
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Cancelada' });
  await expect(page.getByText('Nenhuma solicitação corresponde a estes filtros')).toBeVisible();
  await axe('empty filtered list, pt');
});
