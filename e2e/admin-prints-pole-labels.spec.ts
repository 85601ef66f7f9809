// An administrator prints the QR labels of a company's poles: the PDF downloads under a
// sensible name, and every label's code, rendered and decoded as a phone would, reads as
// its pole's address `{PUBLIC_URL}/p/{companyId}/{number}`. In Portuguese, then in English
// with the inactive poles included, arriving with the company chosen (?companyId=).
import { readFileSync } from 'node:fs';
import { readLabels } from '../apps/api/test/pdf-labels.ts';
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { seedCompanyWithPoles } from './support/poles.ts';

test.describe.configure({ timeout: 120_000 });

const unique = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}`;

test('an admin prints a company’s QR labels and each code reads as its pole’s address', async ({
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

  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await page.goto('/admin/poles/labels');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Etiquetas com QR');
  await expect(page.getByText(/3 × 7 etiquetas de 63,5 × 38,1 mm/)).toBeVisible();
  await axe('labels page');

  await page.getByRole('button', { name: 'Imprimir etiquetas da empresa' }).click();
  await expect(page.getByText('Escolha uma empresa', { exact: true }).last()).toBeVisible();
  await expect(page.getByLabel(/^Empresa/)).toBeFocused();

  await page.getByLabel(/^Empresa/).selectOption({ label: name });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Imprimir etiquetas da empresa' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^etiquetas-postes-${name.toLowerCase()}-\\d{4}-\\d{2}-\\d{2}\\.pdf$`),
  );
  await expect(page.getByRole('status').filter({ hasText: '2 etiquetas prontas' })).toBeVisible();

  const { pages, labels } = await readLabels(readFileSync((await download.path()) as string));
  expect(pages).toBe(1);
  // The active poles only, in the order they were registered.
  expect(labels.map((l) => l.qr)).toEqual(
    poles.filter((p) => p.active).map((p) => `${baseURL}/p/${companyId}/${p.number}`),
  );
  expect(labels[0]?.text).toContain('A-001');
  expect(labels[0]?.text).toContain(name);
  expect(labels[0]?.text).toContain(`${baseURL}/p/${companyId}/A-001`);
  await axe('labels printed');
});

test('the same in English, inactive poles included', async ({ page, axe, baseURL }) => {
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
  // As the registry list links here for its company: the company is chosen already.
  await page.goto(`/admin/poles/labels?companyId=${companyId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('QR labels');
  await expect(page.getByLabel(/^Company/)).toHaveValue(String(companyId));
  await page.getByLabel('Include inactive poles').check();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: "Print the company's labels" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(new RegExp(`^pole-labels-${name.toLowerCase()}-.+\\.pdf$`));
  await expect(page.getByRole('status').filter({ hasText: '2 labels ready' })).toBeVisible();

  const { labels } = await readLabels(readFileSync((await download.path()) as string));
  expect(labels.map((l) => l.qr)).toEqual(poles.map((p) => `${baseURL}/p/${companyId}/${p.number}`));
  await axe('labels printed in English');
});
