// An administrator prints QR labels of poles: from the registry list for the poles chosen
// there, then for the whole company through the list's link. Each PDF downloads under a
// sensible name, and every label's code, rendered and decoded as a phone would, reads as
// its pole's address `{PUBLIC_URL}/p/{companyId}/{number}`. In English, the company is
// chosen on the labels page itself, inactive poles included.
import { readFileSync } from 'node:fs';
import type { Download } from '@playwright/test';
import { readLabels } from '../apps/api/test/pdf-labels.ts';
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { seedCompanyWithPoles } from './support/pole-companies.ts';

test.describe.configure({ timeout: 120_000 });

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;
const labelsOf = async (download: Download) => readLabels(readFileSync((await download.path()) as string));

test('an admin prints QR labels of chosen poles and of a whole company; each code reads as its pole’s address', async ({
  page,
  axe,
  baseURL,
}) => {
  const name = unique('ETQ');
  const { companyId, poles } = await seedCompanyWithPoles(baseURL as string, name, [
    { number: 'A-001' },
    { number: 'A-002' },
    { number: 'A-003', active: false },
  ]);
  const address = (number: string) => `${baseURL}/p/${companyId}/${number}`;

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await page.goto(`/admin/poles?companyId=${companyId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Postes');

  // Two poles chosen in the list, the second first: the labels come in that order.
  await page.getByLabel(`Selecionar o poste A-002 (${name})`).check();
  await page.getByLabel(`Selecionar o poste A-001 (${name})`).check();
  const chosen = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Imprimir etiquetas QR dos 2 postes selecionados' }).click();
  const selection = await chosen;
  expect(selection.suggestedFilename()).toMatch(
    new RegExp(`^etiquetas-postes-${name.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
  );
  await expect(page.getByRole('status').filter({ hasText: '2 etiquetas prontas' })).toBeVisible();
  const printed = await labelsOf(selection);
  expect(printed.labels.map((l) => l.qr)).toEqual([address('A-002'), address('A-001')]);
  expect(printed.labels[0]?.text).toContain('A-002');
  expect(printed.labels[0]?.text).toContain(name);
  // The address in words, for whoever has no camera.
  expect(printed.labels[0]?.text).toContain(address('A-002'));
  await axe('registry with a printed selection');

  // The whole company, through the list's link: the company is chosen already.
  await page.getByRole('link', { name: 'Etiquetas QR de uma concessionária' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Etiquetas com QR');
  await expect(page.getByText(/3 × 7 etiquetas de 63,5 × 38,1 mm/)).toBeVisible();
  await expect(page.getByLabel(/^Concessionária/)).toHaveValue(String(companyId));
  await axe('labels page');
  const whole = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Imprimir etiquetas da concessionária' }).click();
  const company = await labelsOf(await whole);
  expect(company.pages).toBe(1);
  // The active poles only, in the order they were registered.
  expect(company.labels.map((l) => l.qr)).toEqual(poles.filter((p) => p.active).map((p) => address(p.number)));
});

test('the same in English: the company chosen on the labels page, inactive poles included', async ({
  page,
  axe,
  baseURL,
}) => {
  const name = unique('LBL');
  const { companyId, poles } = await seedCompanyWithPoles(baseURL as string, name, [
    { number: 'B-1' },
    { number: 'B-2', active: false },
  ]);

  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await signInThroughForm(page, admin.username, admin.password, {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await page.goto('/admin/poles/labels');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('QR labels');

  await page.getByRole('button', { name: "Print the company's labels" }).click();
  await expect(page.getByText('Choose an energy company', { exact: true }).last()).toBeVisible();
  await expect(page.getByLabel(/^Energy company/)).toBeFocused();

  await page.getByLabel(/^Energy company/).selectOption({ label: name });
  await page.getByLabel('Include inactive poles').check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: "Print the company's labels" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pole-labels-${name.toLowerCase()}-.+\\.pdf$`));
  await expect(page.getByRole('status').filter({ hasText: '2 labels ready' })).toBeVisible();

  const { labels } = await labelsOf(download);
  expect(labels.map((l) => l.qr)).toEqual(poles.map((p) => `${baseURL}/p/${companyId}/${p.number}`));
  await axe('labels printed in English');
});
