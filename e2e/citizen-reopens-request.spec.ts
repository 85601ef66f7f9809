// Reopen from the tracking link (issue 22): a completed request's page with the link offers
// "still broken?"; the citizen's note sends it back to open, the timeline says "reopened" and
// the operators' list marks it. Without the link's token there is no form.
import { type APIRequestContext, expect as baseExpect } from '@playwright/test';
import { admin, expect, test } from './support/fixtures.ts';
import { fileRequest, uniquePhone } from './support/requests.ts';

/** Files a request and has the first admin complete it, through the API. */
async function completedRequest(request: APIRequestContext) {
  const created = await fileRequest(request, uniquePhone());
  const read = await request.get(`/api/admin/repair-requests/${created.id}`);
  baseExpect(read.status()).toBe(200);
  const done = await request.patch(`/api/admin/repair-requests/${created.id}`, {
    data: { status: 'completed', updatedAt: (await read.json()).updatedAt },
  });
  baseExpect(done.status()).toBe(200);
  return created;
}

test('the citizen reopens from the tracking link (pt, then en), and the queue shows it', async ({ page, axe }) => {
  // One sign-in for the whole journey: the page's context shares its cookie.
  const login = await page.request.post('/api/admin/login', { data: admin });
  expect(login.status()).toBe(200);
  const first = await completedRequest(page.request);
  const second = await completedRequest(page.request);

  // Without the token: no form, only how to get one.
  await page.goto(`/track/${first.id}`);
  await expect(page.getByTestId('status-badge').first()).toHaveText('Concluída');
  await expect(page.getByText('Para reabrir, abra o link de acompanhamento')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reabrir solicitação' })).toHaveCount(0);

  // With the link: a required note, then back to open.
  await page.goto(`/track/${first.id}?t=${first.trackingToken}`);
  await expect(page.getByRole('heading', { name: 'Continua com defeito?' })).toBeVisible();
  await axe('reopen form pt');
  await page.getByRole('button', { name: 'Reabrir solicitação' }).click();
  await expect(page.getByText('Conte em poucas palavras o que continua com defeito')).toBeVisible();
  await page.getByLabel(/O que continua com defeito/).fill('Apagou de novo na mesma noite');
  await page.getByRole('button', { name: 'Reabrir solicitação' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Solicitação reaberta' })).toBeVisible();
  await expect(page.getByTestId('status-badge').first()).toHaveText('Aberta');
  await expect(page.getByText('Reaberta pelo cidadão')).toBeVisible();
  await axe('reopened pt');

  // English, the second request.
  // Chosen on the page itself: a toggle followed at once by a new document can race Chromium's
  // hand-over of localStorage to the new renderer.
  await page.goto(`/track/${second.id}?t=${second.trackingToken}`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await page.getByLabel(/What is still broken/).fill('Still dark at night');
  await page.getByRole('button', { name: 'Reopen request' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request reopened' })).toBeVisible();
  await expect(page.getByText('Reopened by the citizen')).toBeVisible();

  // The operators' list marks both as reopened.
  await page.goto(`/admin/requests?q=${first.id}`);
  const row = page
    .getByRole('row')
    .filter({ hasText: String(first.id) })
    .first();
  await expect(row.getByText('Reopened', { exact: true })).toBeVisible();
  await axe('list reopened en');
});
