import { expect, test } from './support/fixtures.ts';

test('the built app loads, the language toggle switches the header, and axe finds nothing', async ({ page, axe }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitar reparo de iluminação pública');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  await axe('pt');

  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a street-light repair');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await axe('en');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a street-light repair');
  await page.getByRole('button', { name: 'Mudar para Português' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Solicitar reparo de iluminação pública');
});

test('the API answers through the same server', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: 'ok', database: 'up' });
});

test('an unknown path shows the not-found page, with HTTP 404', async ({ page }) => {
  const answer = await page.goto('/en-nada/aqui');
  expect(answer?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Página não encontrada');
});
