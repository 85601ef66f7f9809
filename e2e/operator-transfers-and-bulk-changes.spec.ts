// Issue 23, transfers and bulk changes (decision 0030): an operator selects every request
// matching a search (30 of them) and assigns them all at once in Portuguese, then, in English,
// transfers one request to another company with a reason from its page, by keyboard; the
// citizen's e-mail, in English, arrives on a real SMTP server. One sign-in for all of it.
import type { SmtpCapture } from '../apps/api/test/smtp-capture.ts';
import { createAccountViaApi, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { startServerWithMail } from './support/mail-server.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';
import type { RunningServer } from './support/server.ts';

// Thirty filings, a sign-in (argon2) and two screens: more than the default on a busy machine.
test.describe.configure({ timeout: 120_000 });

let smtp: SmtpCapture;
let server: RunningServer;
let cookie: string;

const api = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
};

const fileOne = async (name: string, email: string, language: 'pt' | 'en') => {
  const res = await api(
    'POST',
    '/api/repair-requests',
    {
      name,
      email,
      phone: uniquePhone(),
      address: 'Rua João Alfredo, 250 - Cidade Baixa, Porto Alegre - RS',
      problemType: 'LIGHT_OUT',
      latitude: '-30.0401',
      longitude: '-51.2219',
      company: '2',
    },
    { 'accept-language': language },
  );
  expect(res.status).toBe(201);
  return res.json.id as number;
};

test.beforeAll(async () => {
  ({ smtp, server, cookie } = await startServerWithMail());
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test('bulk-assign 30 filtered requests (pt), then transfer one with a reason (en) and the citizen is told', async ({
  page,
  axe,
}, testInfo) => {
  const tag = `Lote${testInfo.project.name}${Date.now().toString(36)}`;
  const ids = await Promise.all(
    Array.from({ length: 30 }, (_, i) => fileOne(`Morador ${tag}`, `lote${i}@example.com`, 'pt')),
  );
  const citizenEmail = `grace.${testInfo.project.name}.${Date.now()}@example.com`;
  const transferred = await fileOne('Grace Hopper', citizenEmail, 'en');
  const username = uniqueUsername(testInfo, 'tecnico');
  const tech = await createAccountViaApi(server.url, {
    username,
    password: 'tecnico-senha',
    name: `Téo Técnico ${tag}`,
    role: 'user',
  });

  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  // Portuguese: search, "all matching the filter", one assignee for the 30, and the summary.
  await page.goto(`${server.url}/admin/requests?q=${tag}`);
  await expect(page.getByText('30 solicitações encontradas', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: `Selecionar a solicitação ${Math.max(...ids)}`, exact: true }).check();
  await expect(page.getByText('1 solicitação selecionada')).toBeVisible();
  await page.getByRole('button', { name: 'Selecionar todas do filtro (30)' }).click();
  const bar = page.getByRole('region', { name: 'Alterar as solicitações selecionadas' });
  await expect(bar).toContainText('Todas as 30 solicitações do filtro estão selecionadas');
  await bar.getByLabel('Alterar', { exact: true }).selectOption('assignee');
  await bar.getByLabel(/^Para/).selectOption({ label: `Téo Técnico ${tag} (${username})` });
  await axe('bulk bar pt');
  // At 360 px the list is cards and nothing scrolls sideways; a desktop's table scrolls in its region.
  const phone = testInfo.project.name === 'phone';
  if (phone) await expectNoSidewaysScroll(page, 'bulk bar pt');
  await bar.getByRole('button', { name: 'Aplicar' }).click();
  const summary = page.getByRole('status', { name: 'Resultado da alteração em lote' });
  await expect(summary).toContainText('30 solicitações alteradas');
  await expect(bar).toHaveCount(0);
  const assigned = await api('GET', `/api/admin/repair-requests?assignedToId=${tech.id}&pageSize=100`);
  expect(assigned.json.items.map((i: { id: number }) => i.id).sort()).toEqual([...ids].sort());
  await axe('bulk summary pt');

  // English: the transfer dialog from the request's page, by keyboard.
  // Chosen on the page itself: a toggle followed at once by a new document can race Chromium's
  // hand-over of localStorage to the new renderer.
  await page.goto(`${server.url}/admin/requests/${transferred}`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Request #${transferred}`);
  const open = page.getByRole('button', { name: 'Transfer to another company' });
  await open.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Transfer request no. ${transferred}` });
  await expect(dialog).toBeVisible();
  // Escape closes it and gives the focus back to its button, not to <body> (issue 35).
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Transfer', exact: true }).click();
  await expect(dialog.getByText('Choose an active energy company')).toBeVisible();
  await expect(dialog.getByText('Say why the request goes to another company')).toBeVisible();
  await axe('transfer dialog en with errors');
  await dialog.getByLabel('New company').selectOption({ label: 'RGE' });
  await dialog.getByLabel('Reason').fill('The pole on this corner belongs to RGE.');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Transfer', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toastWith(page, 'Request transferred to RGE')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('request-history')).toContainText('Transferred from Certel to RGE');
  await expect(page.getByTestId('request-history')).toContainText('The pole on this corner belongs to RGE.');
  await expect(page.getByText('RGE — RGE Sul Distribuidora de Energia')).toBeVisible();
  if (phone) await expectNoSidewaysScroll(page, 'request after transfer');

  // The citizen's e-mail, in the language they filed in, from the outbox over real SMTP.
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(citizenEmail) && /passed to/.test(m.subject), 30_000);
  expect(mail.subject).toBe(`Request no. ${transferred} was passed to RGE Sul Distribuidora de Energia`);
  expect(mail.text).toContain('The pole on this corner belongs to RGE.');
});
