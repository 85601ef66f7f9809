// Issue 25 (decision 0039): anyone reaches the open-data page from the footer, by keyboard,
// in both languages, reads what each column means and downloads the CSV, which holds the
// columns the page lists and none of the filer's contact data. axe on both languages; the
// phone project runs it at 360 px, where nothing may scroll sideways.
import { readFileSync } from 'node:fs';
import { OPEN_DATA_COLUMNS } from '../packages/shared/src/open-data.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, fileRequest, uniquePhone } from './support/requests.ts';

test('the footer leads to the open-data page, whose CSV holds no contact data (pt, en)', async ({
  page,
  request,
  axe,
}) => {
  const { id } = await fileRequest(request, uniquePhone());

  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Dados abertos' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/open-data$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dados abertos' })).toBeVisible();
  await expect(page).toHaveTitle('Dados abertos · Acende');
  for (const column of OPEN_DATA_COLUMNS)
    await expect(page.getByRole('term').filter({ hasText: column })).toHaveCount(1);
  await expect(page.getByRole('definition').filter({ hasText: 'cerca de 110 m' }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'open data');
  await axe('open data pt');

  const csvLink = page.getByRole('link', { name: 'Solicitações em CSV' });
  await csvLink.focus();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toBe('acende-requests.csv');
  const csv = readFileSync((await download.path()) as string, 'utf8');
  expect(csv.split('\r\n')[0]).toBe(OPEN_DATA_COLUMNS.join(','));
  const row = csv.split('\r\n').find((line) => line.startsWith(`${id},`));
  expect(row).toContain(',LIGHT_OUT,open,');
  expect(row).toContain(',-30.040,-51.222,');
  for (const text of ['Rosângela', 'rosangela@', 'João Alfredo', 'Poste em frente']) expect(csv).not.toContain(text);

  await page.getByRole('button', { name: 'EN, Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Open data' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Requests as GeoJSON' })).toHaveAttribute(
    'href',
    '/api/open-data/requests.geojson',
  );
  await expect(page.getByText('Creative Commons Attribution 4.0')).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Open data' })).toBeVisible();
  await axe('open data en');
});
