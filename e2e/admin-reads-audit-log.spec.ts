// Issue 24: an admin updates a request's status on the operator screens, opens the audit
// log, filters it to that request and reads the update's before and after; a failed sign-in
// of theirs (a wrong password) is there too, found by account and kind. In Portuguese and English.
// The server is shared with journeys running beside this one: every filter names our own objects.
import { createAccountViaApi, navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { fileRequest, uniquePhone } from './support/requests.ts';

test.describe.configure({ timeout: 120_000 });

/** At 360 px nothing but the tables' own scroll regions may scroll sideways. */
async function expectNoPageScroll(page: import('@playwright/test').Page) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(wide).toBe(false);
}

const WORDS = {
  pt: {
    login: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    newStatus: 'Novo status',
    inProgress: 'Em andamento',
    notes: 'Observações',
    save: 'Salvar atualização',
    updated: 'Atualizado com sucesso',
    nav: 'Auditoria',
    title: 'Registro de auditoria',
    objectType: 'Objeto',
    objectId: 'Nº do objeto',
    kind: 'Tipo',
    apply: 'Filtrar',
    clear: 'Limpar',
    show: /Ver alterações/,
    before: 'Antes',
    after: 'Depois',
    account: 'Conta',
  },
  en: {
    login: { username: 'Username', password: 'Password', submit: 'Sign in' },
    newStatus: 'New status',
    inProgress: 'In Progress',
    notes: 'Notes',
    save: 'Save update',
    updated: 'Updated successfully',
    nav: 'Audit log',
    title: 'Audit log',
    objectType: 'Object',
    objectId: 'Object id',
    kind: 'Kind',
    apply: 'Filter',
    clear: 'Clear',
    show: /Show changes/,
    before: 'Before',
    after: 'After',
    account: 'Account',
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  const w = WORDS[lang];
  test(`an admin reads a request update's before and after, and a failed sign-in, in the audit log (${lang})`, async ({
    page,
    context,
    request,
    baseURL,
    axe,
  }, testInfo) => {
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    const created = await fileRequest(request, uniquePhone());
    const username = uniqueUsername(testInfo, 'auditora');
    await createAccountViaApi(baseURL!, {
      username,
      password: 'auditora-senha',
      name: 'Aurora Auditora',
      role: 'admin',
    });

    // A wrong password first.
    const refused = await request.post('/api/admin/login', { data: { username, password: 'chute-errado' } });
    expect(refused.status()).toBe(401);

    await page.goto('/admin/login');
    await signInThroughForm(page, username, 'auditora-senha', w.login);
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    // The change, on the operator's screen.
    await page.goto(`/admin/requests/${created.id}`);
    await page.getByLabel(w.newStatus).selectOption({ label: w.inProgress });
    await page.getByLabel(w.notes).fill('Equipe a caminho.');
    await page.getByRole('button', { name: w.save }).click();
    await expect(toastWith(page, w.updated)).toBeVisible();

    // The log, filtered to that request.
    await navigateTo(page, w.nav);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.title);
    await page.getByLabel(w.objectType, { exact: true }).fill('request');
    await page.getByLabel(w.objectId, { exact: true }).fill(String(created.id));
    await page.getByRole('button', { name: w.apply, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`objectId=${created.id}`));
    const rows = page.getByTestId('audit-row');
    await expect(rows).toHaveCount(1);
    const update = rows.first();
    await expect(update).toContainText('request.update');
    await expect(update).toContainText(username);
    await update.getByText(w.show).click();
    const status = update.locator('dl > div').filter({ hasText: 'status' });
    await expect(status.getByTestId('audit-before')).toHaveText('open');
    await expect(status.getByTestId('audit-after')).toHaveText('in_progress');
    await expect(update.locator('dl > div').filter({ hasText: 'notes' }).getByTestId('audit-after')).toHaveText(
      'Equipe a caminho.',
    );
    await axe('audit log, one request');
    await expectNoPageScroll(page);

    // The failed sign-in and the sign-in, by the account and every kind under `auth.`.
    await page.getByRole('button', { name: w.clear, exact: true }).click();
    // The filters are drawn again from the cleared address: choose once they are (a choice made
    // before went with the old form, CI saw it once).
    await expect(page).not.toHaveURL(/objectId=/);
    await expect(page.getByLabel(w.objectId, { exact: true })).toHaveValue('');
    await page.getByLabel(w.account, { exact: true }).selectOption({ label: `${username} (Aurora Auditora)` });
    await page.getByLabel(w.kind, { exact: true }).fill('auth.');
    await page.getByRole('button', { name: w.apply, exact: true }).click();
    await expect(page).toHaveURL(/kind=auth\./);
    const kinds = page.getByTestId('audit-row').locator('td:nth-child(4)');
    // A card names its cells (the label is in the cell's text): the kind ends it.
    await expect(kinds).toHaveText([/auth\.login$/, /auth\.login\.failed$/]);
    await axe('audit log, failed sign-ins');
  });
}
