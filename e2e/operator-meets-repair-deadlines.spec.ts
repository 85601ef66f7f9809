// Issue 23, repair deadlines (decision 0029): an admin sets a 24 h target for fallen poles on
// the repair-targets screen; a fallen pole filed 25 h ago (filed through the API, then moved
// back 25 h in the database: no API files in the past) shows as overdue on the list's overdue
// filter, on its detail, on the dashboard's overdue count of its company and in the
// repair-deadline report (screen and CSV). pt and en.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { createAccountViaApi, navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { expect, test } from './support/fixtures.ts';
import { uniquePhone } from './support/requests.ts';

const words = {
  pt: {
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    nav: 'Prazos de reparo',
    fallenPole: 'Poste caído',
    save: 'Salvar',
    saved: 'Prazos salvos',
    hoursError: 'Informe um número inteiro de horas entre 1 e 8760',
    overdueBy: /Atrasada há 1 h/,
    deadline: 'Prazo',
    overdue: 'Atrasadas',
    overdueTitle: 'Atrasadas por concessionária',
    count: /\d+ atrasadas?/,
    slaReport: 'Prazos de reparo',
    exportCsv: 'Exportar CSV',
    csvName: /^relatorio-prazos-de-reparo-\d{4}-\d{2}-\d{2}\.csv$/,
    csvHeader: 'Atrasadas agora',
  },
  en: {
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    nav: 'Repair targets',
    fallenPole: 'Fallen Pole',
    save: 'Save',
    saved: 'Targets saved',
    hoursError: 'Enter a whole number of hours between 1 and 8760',
    overdueBy: /Overdue by 1 h/,
    deadline: 'Deadline',
    overdue: 'Overdue',
    overdueTitle: 'Overdue by company',
    count: /\d+ overdue/,
    slaReport: 'Repair deadlines',
    exportCsv: 'Export CSV',
    csvName: /^repair-deadlines-report-\d{4}-\d{2}-\d{2}\.csv$/,
    csvHeader: 'Overdue now',
  },
} as const;

/** Files a fallen pole for company 2 and moves it (creation and due time) 25 hours back. */
async function fileFallenPole25hAgo(request: import('@playwright/test').APIRequestContext): Promise<number> {
  const res = await request.post('/api/repair-requests', {
    data: {
      name: 'Prazo Vencido',
      phone: uniquePhone(),
      address: 'Rua João Alfredo, 250 - Cidade Baixa, Porto Alegre - RS',
      problemType: 'FALLEN_POLE',
      latitude: '-30.0401',
      longitude: '-51.2219',
      company: '2',
    },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: number };
  const db = new Database(join(process.env.E2E_DATA_DIR as string, 'acende.db'));
  try {
    db.pragma('busy_timeout = 10000');
    const back = (column: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-25 hours')`;
    db.prepare(
      `update repair_requests set created_at = ${back('created_at')}, due_at = ${back('due_at')} where id = ?`,
    ).run(id);
  } finally {
    db.close();
  }
  return id;
}

for (const lang of ['pt', 'en'] as const) {
  const w = words[lang];
  test(`an admin sets the fallen-pole target and sees a late request as overdue (${lang})`, async ({
    page,
    context,
    baseURL,
    axe,
  }, testInfo) => {
    await context.addInitScript((language) => localStorage.setItem('acende.language', language), lang);
    const username = uniqueUsername(testInfo, 'sla');
    await createAccountViaApi(baseURL as string, {
      username,
      password: 'sla-admin-senha',
      name: 'Ana Prazo',
      role: 'admin',
    });
    await page.goto('/admin/login');
    await signInThroughForm(page, username, 'sla-admin-senha', w.signIn);
    await expect(page).toHaveURL(/\/admin\/dashboard/);

    await navigateTo(page, w.nav);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.nav);
    const fallen = page.getByRole('spinbutton', { name: w.fallenPole });
    // Refused in the browser first: no hours at all.
    await fallen.fill('0');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(page.getByText(w.hoursError)).toBeVisible();
    await fallen.fill('24');
    await page.getByRole('button', { name: w.save, exact: true }).click();
    await expect(toastWith(page, w.saved)).toBeVisible();
    await axe('repair targets');

    const id = await fileFallenPole25hAgo(page.request);

    await page.goto('/admin/requests?deadline=overdue&companyId=2&pageSize=100');
    await expect(page.getByLabel(w.deadline, { exact: true })).toHaveValue('overdue');
    // A row on a wide screen, a card on a phone: the one with this request's link.
    const row = page.getByRole('row').filter({ has: page.locator(`a[href="/admin/requests/${id}"]`) });
    await expect(row.locator('[data-deadline="overdue"]')).toHaveText(w.overdueBy);

    await page.goto(`/admin/requests/${id}`);
    await expect(page.locator('[data-deadline="overdue"]')).toHaveText(w.overdueBy);

    await page.goto('/admin/dashboard');
    await expect(page.getByRole('heading', { name: w.overdueTitle })).toBeVisible();
    await expect(page.getByTestId('overdue-2')).toContainText(w.count);
    await axe('dashboard with overdue counts');
    await page.getByTestId('overdue-2').getByRole('link').click();
    await expect(page).toHaveURL(/deadline=overdue/);
    await expect(page.locator(`a[href="/admin/requests/${id}"]`)).toBeVisible();

    // The repair-deadline report: the company's fallen poles, with its overdue ones, and the CSV.
    await page.goto('/admin/reports/sla?companyId=2&problemType=FALLEN_POLE');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(w.slaReport);
    const slaRow = page.locator('[data-sla-row="2-FALLEN_POLE"]');
    await expect(slaRow).toContainText(w.fallenPole);
    await axe('repair-deadline report');
    const csvPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: w.exportCsv }).click();
    const csv = await csvPromise;
    expect(csv.suggestedFilename()).toMatch(w.csvName);
    const text = readFileSync((await csv.path()) as string, 'utf8');
    expect(text).toContain(w.csvHeader);
    expect(text.split('\r\n')[1]).toMatch(/^Certel;/);
  });
}
