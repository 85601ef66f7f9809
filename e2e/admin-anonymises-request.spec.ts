// Issue 24, retention (decision 0027): an admin anonymises a citizen's request from its
// detail (a data subject's request under LGPD) behind a confirmation; the history says so and
// the citizen's tracking page still shows the status and the timeline, without the contact.
// Then the admin sets the retention, on a 360 px phone and by keyboard, in both languages.
import { createAccountViaApi, navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { expectNoSidewaysScroll, fileRequest, uniquePhone } from './support/requests.ts';

test.describe.configure({ timeout: 120_000 });

const words = {
  pt: {
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    detail: (id: number) => `Solicitação nº ${id}`,
    anonymize: 'Anonimizar dados de contato',
    confirm: 'Anonimizar',
    done: 'Contato do cidadão apagado deste pedido',
    event: 'Dados de contato anonimizados',
    notInformed: 'Não informado',
    open: 'Aberta',
    timeline: 'Histórico',
    notProvided: 'Não informado',
    nav: 'Retenção de dados',
    months: 'Anonimizar contatos após (meses)',
    saved: 'Retenção salva',
    tooMany: 'Informe um número inteiro de meses entre 1 e 120',
  },
  en: {
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    detail: (id: number) => `Request #${id}`,
    anonymize: 'Anonymise contact data',
    confirm: 'Anonymise',
    done: "The citizen's contact was erased from this request",
    event: 'Contact data anonymised',
    notInformed: 'Not informed',
    open: 'Open',
    timeline: 'History',
    notProvided: 'Not provided',
    nav: 'Data retention',
    months: 'Anonymise contacts after (months)',
    saved: 'Retention saved',
    tooMany: 'Enter a whole number of months from 1 to 120',
  },
} as const;

for (const lang of ['pt', 'en'] as const) {
  const w = words[lang];
  test(`an admin anonymises a request and sets the retention (${lang})`, async ({
    page,
    context,
    request,
    baseURL,
    axe,
  }, testInfo) => {
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    await page.setViewportSize({ width: 360, height: 800 });
    const phone = uniquePhone();
    const created = await fileRequest(request, phone, { name: 'Rosângela Anônima' });
    const username = uniqueUsername(testInfo, 'lgpd');
    await createAccountViaApi(baseURL!, { username, password: 'lgpd-admin-senha', name: 'Ana Admin', role: 'admin' });

    await page.goto('/admin/login');
    await signInThroughForm(page, username, 'lgpd-admin-senha', w.signIn);
    await expect(page).toHaveURL(/\/admin\/dashboard/);

    await page.goto(`/admin/requests/${created.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.detail(created.id));
    await expect(page.getByText('Rosângela Anônima')).toBeVisible();
    await page.getByRole('button', { name: w.anonymize }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toBeVisible();
    await axe('anonymise confirmation');
    await dialog.getByRole('button', { name: w.confirm, exact: true }).click();
    await expect(toastWith(page, w.done)).toBeVisible();
    await expect(page.getByTestId('anonymized-note')).toBeVisible();
    await expect(page.getByText('Rosângela Anônima')).toHaveCount(0);
    await expect(page.getByText(phone)).toHaveCount(0);
    await expect(page.getByText('rosangela@example.com')).toHaveCount(0);
    await expect(page.getByTestId('request-history')).toContainText(w.event);
    await expect(page.getByRole('button', { name: w.anonymize })).toHaveCount(0);
    await axe('request detail anonymised');
    await expectNoSidewaysScroll(page, 'request detail anonymised');

    // The citizen's own tracking link: the status and the timeline, the contact gone.
    await page.goto(`/track/${created.id}?t=${created.trackingToken}`);
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', { level: 3, name: w.timeline })).toBeVisible();
    await expect(article.getByText(w.open).first()).toBeVisible();
    await expect(article).toContainText(w.notProvided);
    await expect(article).not.toContainText('Rosângela');
    await expect(article).not.toContainText('rosangela@example.com');
    await expect(article).not.toContainText(phone.slice(-4));
    await axe('tracking anonymised');

    // The retention setting, by keyboard: a wrong value is refused in words, a right one saved.
    await page.goto('/admin/dashboard');
    await navigateTo(page, w.nav);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.nav);
    const months = page.getByLabel(w.months);
    await expect(months).toHaveValue(/^\d+$/);
    await months.focus();
    await months.fill('121');
    await page.keyboard.press('Enter');
    await expect(page.getByText(w.tooMany)).toBeVisible();
    await axe('retention settings with an error');
    await months.fill('36');
    await page.keyboard.press('Enter');
    await expect(toastWith(page, w.saved)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(w.months)).toHaveValue('36');
    await expectNoSidewaysScroll(page, 'retention settings');
    await axe('retention settings');
    // Back to the default, for the journeys after this one.
    await page.getByLabel(w.months).fill('24');
    await page.keyboard.press('Enter');
    await expect(toastWith(page, w.saved)).toBeVisible();
  });
}
