// Issue 23 (decision 0034): an operator marks a request as a duplicate of another, picked
// from the suggestions (open requests within 100 m), sees it cancelled and linked, the
// citizen's tracking page says "merged into N", and the operator undoes it. Both languages,
// at 360 px in the phone project, axe on the new parts.
import type { APIRequestContext } from '@playwright/test';
import { createAccountViaApi, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';

const words = {
  pt: {
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    detail: (id: number) => `Solicitação nº ${id}`,
    mark: 'Marcar como duplicata',
    suggestion: (id: number) => new RegExp(`^Nº ${id} · `),
    marked: (id: number) => `Marcada como duplicata da nº ${id}`,
    duplicateOf: (id: number) => `Duplicata da solicitação nº ${id}`,
    merged: (id: number) => `Unida à solicitação nº ${id}`,
    undo: 'Desfazer duplicata',
    undone: 'Duplicata desfeita',
    search: 'Buscar',
    paused: 'Prazo pausado (cancelada)',
    self: 'Uma solicitação não pode ser duplicata de si mesma',
  },
  en: {
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    detail: (id: number) => `Request #${id}`,
    mark: 'Mark as duplicate',
    suggestion: (id: number) => new RegExp(`^No. ${id} · `),
    marked: (id: number) => `Marked as a duplicate of no. ${id}`,
    duplicateOf: (id: number) => `Duplicate of request no. ${id}`,
    merged: (id: number) => `Merged into request no. ${id}`,
    undo: 'Undo duplicate',
    undone: 'Duplicate undone',
    search: 'Search',
    paused: 'Deadline paused (cancelled)',
    self: 'A request cannot be a duplicate of itself',
  },
} as const;

/** Files a request at a place of its own, so the suggestions hold exactly this test's requests. */
async function fileAt(request: APIRequestContext, lat: number, lng: number): Promise<number> {
  const res = await request.post('/api/repair-requests', {
    data: {
      name: 'Cidadão Duplicado',
      phone: uniquePhone(),
      address: 'Rua Duplicada, 10, Porto Alegre',
      problemType: 'LIGHT_OUT',
      latitude: lat.toFixed(6),
      longitude: lng.toFixed(6),
      company: '1',
    },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { id: number }).id;
}

for (const lang of ['pt', 'en'] as const) {
  const w = words[lang];
  test(`an operator marks a request as a duplicate and undoes it (${lang})`, async ({
    page,
    context,
    request,
    baseURL,
    axe,
  }, testInfo) => {
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    const lat = -29 - Math.random() * 0.5;
    const lng = -50 - Math.random() * 0.5;
    const original = await fileAt(request, lat, lng);
    const duplicate = await fileAt(request, lat + 0.0003, lng);
    const username = uniqueUsername(testInfo, 'dup');
    await createAccountViaApi(baseURL!, {
      username,
      password: 'dup-operator-senha',
      name: 'Otto Operador',
      role: 'user',
    });

    await page.goto('/admin/login');
    await signInThroughForm(page, username, 'dup-operator-senha', w.signIn);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
    await page.goto(`/admin/requests/${duplicate}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.detail(duplicate));

    const panel = page.getByTestId('duplicate-panel');
    await panel.getByRole('button', { name: w.mark }).click();
    // By number first: itself is refused in words.
    await panel.getByRole('textbox').fill(String(duplicate));
    await panel.getByRole('button', { name: w.mark }).click();
    await expect(panel.getByText(w.self)).toBeVisible();
    // Then from the suggestions.
    await panel.getByRole('button', { name: w.suggestion(original) }).click();
    await expect(panel.getByRole('textbox')).toHaveValue(String(original));
    await axe('mark as duplicate');
    await panel.getByRole('button', { name: w.mark }).click();
    await expect(toastWith(page, w.marked(original))).toBeVisible();
    await expect(panel.getByTestId('duplicate-of')).toHaveText(w.duplicateOf(original));
    await expectNoSidewaysScroll(page, 'duplicate panel');
    await axe('marked as duplicate');

    // In the list at 360 px, the cancelled duplicate's card holds its deadline badge (issue 35:
    // "Prazo pausado (cancelada)" spilled out of it).
    await page.goto('/admin/requests');
    await page.getByLabel(w.search, { exact: true }).fill(String(duplicate));
    await page.getByRole('button', { name: w.search, exact: true }).click();
    // The number's cell reads "Número5" on a card: the number after its column's name.
    const idCell = page.locator('[data-column="id"]').filter({ hasText: new RegExp(`\\D${duplicate}$`) });
    const card = page.getByRole('row').filter({ has: idCell });
    const badge = card.locator('[data-deadline="paused"]');
    await expect(badge).toHaveText(w.paused);
    const [cardBox, badgeBox] = [await card.boundingBox(), await badge.boundingBox()];
    expect(badgeBox && cardBox && badgeBox.x + badgeBox.width).toBeLessThanOrEqual(
      (cardBox?.x ?? 0) + (cardBox?.width ?? 0),
    );
    await expectNoSidewaysScroll(page, 'list with a cancelled request');

    // The citizen's page links to the original.
    await page.goto(`/track/${duplicate}`);
    await expect(page.getByTestId('merged-into')).toContainText(w.merged(original));
    await axe('tracking a duplicate');

    await page.goto(`/admin/requests/${duplicate}`);
    await page.getByRole('button', { name: w.undo }).click();
    await expect(toastWith(page, w.undone)).toBeVisible();
    await expect(page.getByRole('button', { name: w.mark })).toBeVisible();
  });
}
