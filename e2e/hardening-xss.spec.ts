// An operator reads requests whose name, address, reference and notes carry scripts:
// the admin screens (list, detail, history, reports) and the citizen's tracking page
// show them as text. No dialog opens and no injected script runs (issue 9, item 10).
import type { Page } from '@playwright/test';
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';

const marker = () => `XSS${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

function hostile(tag: string) {
  return {
    name: `<img src=x onerror="window.__xss=1;alert('nome')">${tag} Silva`,
    address: `<script>window.__xss=2;alert('endereço')</script>Rua ${tag}, 10`,
    reference: `"><svg onload="window.__xss=3;alert('ref')"></svg>${tag}`,
    notes: `<iframe srcdoc="<script>parent.__xss=4</script>"></iframe><a href="javascript:window.__xss=5">${tag}</a>`,
  };
}

/** Fails the test if anything injected runs: a dialog, or the window flag set by the payloads. */
async function watchForScripts(page: Page): Promise<{ dialogs: string[] }> {
  const seen = { dialogs: [] as string[] };
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await page.addInitScript(() => {
    (window as unknown as { __xss: number }).__xss = 0;
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: { dialogs: string[] }) {
  expect(seen.dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
}

test('script-bearing requests are shown as text in the admin screens and on the tracking page', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const tag = marker();
  const payload = hostile(tag);
  const created = await request.post('/api/repair-requests', {
    data: {
      name: payload.name,
      address: payload.address,
      reference: payload.reference,
      phone: '(51) 98888-7777',
      problemType: 'LIGHT_OUT',
      latitude: '-30.0312',
      longitude: '-51.2306',
      company: '1',
    },
  });
  expect(created.status()).toBe(201);
  const { id, trackingToken } = (await created.json()) as { id: number; trackingToken: string };

  const seen = await watchForScripts(page);
  await page.goto('/admin/login');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  // The note goes in through the API as the same admin (the page's own session cookie).
  const detail = await page.request.get(`/api/admin/repair-requests/${id}`);
  const updated = await page.request.patch(`/api/admin/repair-requests/${id}`, {
    data: { status: 'in_progress', notes: payload.notes, updatedAt: (await detail.json()).updatedAt },
  });
  expect(updated.status()).toBe(200);

  await page.goto(`/admin/requests?q=${tag}`);
  await expect(page.getByRole('row').filter({ hasText: tag }).first()).toBeVisible();
  await expect(page.getByText(payload.address).first()).toBeVisible();
  await expectNothingRan(page, seen);

  await page.goto(`/admin/requests/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Solicitação nº ${id}`);
  await expect(page.getByText(payload.name).first()).toBeVisible();
  await expect(page.getByText(payload.address).first()).toBeVisible();
  await expect(page.getByTestId('request-history')).toContainText(payload.notes);
  expect(
    await page.locator('main img[src="x"], main svg[onload], main iframe, main a[href^="javascript:"]').count(),
  ).toBe(0);
  await expectNothingRan(page, seen);

  await page.goto('/admin/reports/requests');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(payload.address).first()).toBeVisible();
  await expectNothingRan(page, seen);

  // The citizen's own tracking page with the token shows the same text, inert.
  await page.goto(`/track/${id}?t=${encodeURIComponent(trackingToken)}`);
  await expect(page.getByText(payload.address).first()).toBeVisible();
  await expectNothingRan(page, seen);
});
