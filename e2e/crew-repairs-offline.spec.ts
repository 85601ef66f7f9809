// Issue 37's loop, on a phone: a supervisor makes a work order from the map's visible area; the
// crew member signs in, the phone goes without signal (and the app still opens on a reload),
// completes three stops with a photo each, and the office changes the fourth meanwhile; back
// with signal the sync is sent, its answer is lost on the way and the phone sends it again:
// each repair is recorded once and each citizen gets one e-mail; the fourth is a conflict the
// crew sees and sends again. The citizen's tracking page shows the repair done; the office's
// board and crew report (its CSV) count the four repairs. In English, the same app's words.
// A private server: its own company, crew and SMTP server.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { SmtpCapture } from '../apps/api/test/smtp-capture.ts';
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { startServerWithMail } from './support/mail-server.ts';
import { expectNoSidewaysScroll, uniquePhone } from './support/requests.ts';
import type { RunningServer } from './support/server.ts';

test.describe.configure({ timeout: 240_000 });

let smtp: SmtpCapture;
let server: RunningServer;
let cookie = '';
const CREW_PASSWORD = 'equipe-noturna-senha';

const api = async (path: string, method = 'GET', body?: unknown) => {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, text };
};

interface Filed {
  id: number;
  trackingToken: string;
  email: string;
}
let filed: Filed[] = [];
let crewUser = '';

test.beforeAll(async () => {
  ({ smtp, server, cookie } = await startServerWithMail());
  // A company of its own: the map's area takes every open request of the crew's company in view.
  const company = await api('/api/admin/energy-companies', 'POST', {
    name: 'Coop Planalto',
    fullName: 'Cooperativa de Eletrificação do Planalto',
  });
  expect(company.status, company.text).toBe(201);
  const companyId = company.body.id as number;
  const crew = await api('/api/admin/crews', 'POST', { companyId, name: 'Equipe Noturna' });
  expect(crew.status, crew.text).toBe(201);
  crewUser = `noturna-${Date.now().toString(36)}`;
  const account = await api('/api/admin/users', 'POST', {
    username: crewUser,
    name: 'Joana Eletricista',
    role: 'crew',
    crewId: crew.body.id,
    companies: [],
    password: CREW_PASSWORD,
  });
  expect(account.status, account.text).toBe(201);
  const material = await api('/api/admin/materials', 'POST', { companyId, name: 'Lâmpada LED 100 W', unit: 'un' });
  expect(material.status, material.text).toBe(201);
  // Four requests a few streets apart around the map's default centre (Brasília).
  filed = [];
  for (const [i, [lat, lng]] of [
    [-15.7939, -47.8828],
    [-15.7952, -47.8841],
    [-15.7968, -47.8815],
    [-15.7925, -47.8802],
  ].entries()) {
    const email = `morador${i + 1}@example.com`;
    const res = await fetch(`${server.url}/api/repair-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': 'pt-BR' },
      body: JSON.stringify({
        name: `Morador ${i + 1}`,
        email,
        phone: uniquePhone(),
        address: `SQN ${108 + i}, Bloco ${'ABCD'[i]} - Asa Norte, Brasília - DF`,
        problemType: 'LIGHT_OUT',
        latitude: String(lat),
        longitude: String(lng),
        company: String(companyId),
      }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const body = (await res.json()) as { id: number; trackingToken: string };
    filed.push({ ...body, email });
  }
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const completionMails = (to: string) =>
  smtp.messages.filter((m) => m.envelopeTo.includes(to) && /Concluída|conclu/i.test(`${m.subject} ${m.text}`));

test('a crew completes three stops offline, the sync counts once, a conflict is shown; pt and en', async ({
  page,
  browser,
  axe,
}) => {
  // The supervisor: a work order of the map's visible area for today.
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await page.goto(`${server.url}/admin/work-orders`);
  await page.getByRole('button', { name: 'Nova ordem de serviço' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Nova ordem de serviço' });
  const crewOption = dialog.getByRole('option', { name: /^Equipe Noturna \(/ });
  await dialog.getByLabel(/Equipe/).selectOption((await crewOption.getAttribute('value')) ?? '');
  await dialog.getByRole('button', { name: 'Usar a área visível do mapa' }).click();
  await expect(dialog.getByText(/Área escolhida/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar ordem' }).click();
  await expect(page.getByText(/Ordem de serviço nº \d+ criada com 4 paradas/).first()).toBeVisible();

  // The crew member, on a phone of their own.
  const phone = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    serviceWorkers: 'allow',
  });
  const crew = await phone.newPage();
  await crew.goto(`${server.url}/admin/login`);
  await signInThroughForm(crew, crewUser, CREW_PASSWORD);
  await expect(crew).toHaveURL(/\/campo/);
  await expect(crew.getByRole('heading', { name: /Ordem de serviço nº \d+/ })).toBeVisible();
  const stops = crew.getByRole('listitem').filter({ has: crew.getByRole('link', { name: /Parada \d/ }) });
  await expect(stops).toHaveCount(4);
  await axe('field app day pt');
  await expectNoSidewaysScroll(crew, 'field app day');
  // The worker keeps the app once it controls the page.
  await crew.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });

  // No signal at the pole: the app still opens, from the phone.
  // …and has kept the page itself (the worker does so when the app tells it what it loaded).
  await expect
    .poll(() => crew.evaluate(async () => Boolean(await (await caches.open('acende-campo-v1')).match('/campo'))))
    .toBe(true);
  await phone.setOffline(true);
  await crew.reload();
  await expect(crew.getByTestId('connection')).toContainText('Sem sinal');
  await expect(crew.getByTestId('day-freshness')).toContainText('Sem conexão');

  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#d08a2c' } })
    .jpeg({ quality: 80 })
    .toBuffer();
  const addressOf = (n: number) => `SQN ${108 + n}`;
  const openStop = async (n: number) => {
    await crew.getByRole('link', { name: new RegExp(addressOf(n)) }).click();
    await expect(crew.getByRole('button', { name: 'Consertado' })).toBeVisible();
  };
  const fix = async (n: number, arrive: boolean) => {
    await openStop(n);
    if (arrive) await crew.getByRole('button', { name: 'Cheguei' }).click();
    await crew.getByRole('button', { name: 'Consertado' }).click();
    await crew.getByLabel('Observações').fill(`Lâmpada trocada no poste ${n + 1}`);
    await crew
      .getByLabel('Tirar foto')
      .setInputFiles({ name: `poste-${n}.jpg`, mimeType: 'image/jpeg', buffer: photo });
    await expect(crew.getByRole('img', { name: 'Foto 1 do conserto' })).toBeVisible();
    await crew.getByLabel('Lâmpada LED 100 W (un)').fill('1');
    await crew.getByRole('button', { name: 'Registrar conserto' }).click();
    await expect(crew.getByRole('heading', { name: /Ordem de serviço nº \d+/ })).toBeVisible();
  };
  await fix(0, true);
  await fix(1, false);
  await fix(2, false);
  await expect(crew.getByTestId('pending')).toContainText(/[4-9] ações aguardando sinal/);

  // Meanwhile the office changes the fourth request.
  const fourth = filed[3]!;
  const read = await api(`/api/admin/repair-requests/${fourth.id}`);
  const changed = await api(`/api/admin/repair-requests/${fourth.id}`, 'PATCH', {
    status: 'in_progress',
    notes: 'Poste isolado pela Defesa Civil, aguardar liberação',
    updatedAt: read.body.updatedAt,
  });
  expect(changed.status, changed.text).toBe(200);
  await fix(3, false);

  // Signal again: the first sync's answer is lost on the way (the server did the work), so
  // the phone sends the same actions again under the same keys.
  let syncs = 0;
  await crew.route('**/api/crew/sync', async (route) => {
    syncs += 1;
    if (syncs === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else {
      await route.continue();
    }
  });
  await phone.setOffline(false);
  await expect(crew.getByTestId('connection')).toContainText('Com sinal');
  // The signal's own sync goes first (its answer lost); then the crew sends again.
  await expect.poll(() => syncs, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
  await expect(crew.getByRole('button', { name: 'Sincronizar agora' })).toBeEnabled();
  await crew.getByRole('button', { name: 'Sincronizar agora' }).click();
  await expect.poll(() => syncs, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  // The conflict: nothing of the crew's was written to the fourth; the office's words shown.
  const attention = crew.getByRole('region', { name: 'Precisa da sua atenção' });
  await expect(attention).toContainText('O escritório mudou esta solicitação');
  await expect(attention).toContainText('Poste isolado pela Defesa Civil');
  await axe('field app conflict pt');

  // Each of the first three completed once, at the crew's time, and its citizen told once.
  for (const request of filed.slice(0, 3)) {
    const detail = await api(`/api/admin/repair-requests/${request.id}`);
    expect(detail.body.status).toBe('completed');
    const completions = (detail.body.history as { toStatus: string | null }[]).filter(
      (e) => e.toStatus === 'completed',
    );
    expect(completions).toHaveLength(1);
    await smtp.waitFor((m) => m.envelopeTo.includes(request.email) && /conclu/i.test(`${m.subject} ${m.text}`), 30_000);
    expect(completionMails(request.email)).toHaveLength(1);
  }
  expect((await api(`/api/admin/repair-requests/${fourth.id}`)).body.status).toBe('in_progress');

  // The crew sends it again having read the office's note.
  await attention.getByRole('button', { name: 'Enviar mesmo assim' }).click();
  await expect(attention).toHaveCount(0);
  await expect(crew.getByTestId('pending')).toContainText('Tudo enviado');
  await expect.poll(async () => (await api(`/api/admin/repair-requests/${fourth.id}`)).body.status).toBe('completed');

  // The citizen's tracking page.
  const citizen = await phone.newPage();
  await citizen.goto(`${server.url}/track/${filed[0]!.id}?t=${filed[0]!.trackingToken}`);
  await expect(citizen.getByTestId('status-badge').first()).toHaveText('Concluída');
  await citizen.close();

  // The office: the board shows the crew's day done; the crew report counts the four repairs.
  await page.goto(`${server.url}/admin/work-orders/board`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quadro do dia');
  await expect(page.getByText(/Visitadas: 4 de 4 · consertadas: 4 · sem condições: 0/)).toBeVisible();
  await expectNoSidewaysScroll(page, 'dispatch board');
  await page.goto(`${server.url}/admin/work-orders/report`);
  await page.getByRole('button', { name: 'Mostrar' }).click();
  const totals = page.getByRole('region', { name: 'Totais do período' });
  await expect(totals).toContainText('4');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar CSV' }).click();
  const csv = await (await download).path();
  expect(readFileSync(csv, 'utf8')).toMatch(/Equipe Noturna;Coop Planalto;4;4;4;0;/);
  await axe('crew report pt');

  // English.
  await crew.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(crew.getByTestId('connection')).toContainText('Online');
  await expect(crew.getByRole('heading', { name: /Work order no\. \d+/ })).toBeVisible();
  await expect(crew.getByRole('button', { name: 'Sync now' })).toBeVisible();
  await expect(crew.getByText('Done · 4 of 4 stops with an outcome')).toBeVisible();
  await expect(crew.getByTestId('pending')).toContainText('Everything sent');
  await axe('field app day en');
  await crew.getByRole('link', { name: new RegExp(addressOf(0)) }).click();
  await expect(crew.getByText('Fixed', { exact: true }).first()).toBeVisible();
  await expect(crew.getByRole('link', { name: 'Back to the stops' }).first()).toBeVisible();
  await phone.close();
});
