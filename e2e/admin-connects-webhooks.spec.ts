// Issue 38, signed webhooks: an admin adds an endpoint for a company that points at a receiver
// this test runs (node:http on loopback, which the server may reach through
// WEBHOOK_ALLOWED_NETWORKS), copies the secret the page shows once, and a status change made on
// the request's page arrives as `request.changed`, verified with the `standardwebhooks` library.
// Then the receiver answers 500: the delivery shows as pending, and once the server's clock is
// moved past the 24 h of retries (TEST_CLOCK_OFFSET_FILE) it is a failed delivery the admin
// replays; the receiver gets the same message again. In Portuguese, with the page's title and
// its messages checked in English at the end. A private server: the clock moves.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { toastWith } from './support/citizen.ts';
import { type FakeGeocoder, startFakeGeocoder } from './support/fake-geocoder.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { changeStatusOnPage, movableServerClock } from './support/notices.ts';
import { expectNoSidewaysScroll, fileRequest, uniquePhone } from './support/requests.ts';
import { type RunningServer, startServer } from './support/server.ts';

test.describe.configure({ timeout: 120_000 });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The company's system: keeps what it is sent and answers `status` (204 until told otherwise). */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 204 };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(state.status, { 'content-type': 'text/plain' });
      res.end(state.status >= 400 ? 'Internal Server Error' : undefined);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/acende/webhooks`,
    received,
    answer: (status: number) => {
      state.status = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The payload of a delivery whose signature `secret` made; throws when it did not. */
function verified(secret: string, delivery: Received) {
  const header = (name: string) => String(delivery.headers[name] ?? '');
  return new Webhook(secret).verify(delivery.body, {
    'webhook-id': header('webhook-id'),
    'webhook-timestamp': header('webhook-timestamp'),
    'webhook-signature': header('webhook-signature'),
  }) as { id: string; type: string; data: { requestId: number; toStatus: string } };
}

let server: RunningServer;
let geocoder: FakeGeocoder;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let clock: ReturnType<typeof movableServerClock>;

test.beforeEach(async () => {
  clock = movableServerClock('webhooks');
  receiver = await startReceiver();
  geocoder = await startFakeGeocoder();
  server = await startServer({
    GEOCODER_URL: geocoder.url,
    TEST_CLOCK_OFFSET_FILE: clock.file,
    WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    WEBHOOK_INTERVAL_MS: '500',
  });
});
test.afterEach(async () => {
  await server?.stop();
  await geocoder?.close();
  await receiver?.close();
});

/** How many deliveries the API lists in `state`, asked with a session of its own (the clock may be moved). */
async function deliveriesIn(state: string): Promise<number> {
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(`${server.url}/api/admin/webhooks/deliveries?state=${state}`, { headers: { cookie } });
  return ((await res.json()) as { total: number }).total;
}

/** The webhooks screen, signed in again should the moved clock have ended the session. */
async function openWebhooks(page: Page) {
  await page.goto(`${server.url}/admin/webhooks`);
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText(/^(Webhooks|Acesso administrativo)$/);
  // The sign-in goes back to the screen that asked for it.
  if ((await title.textContent()) !== 'Webhooks') await signInThroughForm(page, admin.username, admin.password);
  await expect(title).toHaveText('Webhooks');
}

test('an admin connects a company system by webhook, sees a failed delivery and replays it (pt, then en)', async ({
  page,
  playwright,
  axe,
}, testInfo) => {
  const companies = (await (await fetch(`${server.url}/api/energy-companies`)).json()) as {
    id: number;
    name: string;
    fullName: string;
  }[];
  const company = companies[0];
  if (!company) throw new Error('the server has no energy company');
  const api = await playwright.request.newContext({ baseURL: server.url });
  const { id: requestId } = await fileRequest(api, uniquePhone(), { company: String(company.id) });
  await api.dispose();

  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
  await navigateTo(page, 'Webhooks');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
  await expect(page.getByText('Nenhum webhook cadastrado ainda.')).toBeVisible();
  await expect(page.getByText('Nenhuma entrega com falha.')).toBeVisible();

  // The form checks itself before sending.
  await page.getByRole('button', { name: 'Adicionar webhook' }).click();
  await page.getByRole('button', { name: 'Salvar webhook' }).click();
  await expect(page.getByText('A concessionária é obrigatória')).toBeVisible();
  await expect(page.getByText('Escolha ao menos um evento')).toBeVisible();
  await axe('webhook form with errors');

  await page.getByLabel(/^Concessionária/).selectOption({ label: company.fullName || company.name });
  await page.getByLabel(/^Endereço \(URL\)/).fill(receiver.url);
  await page.getByRole('checkbox', { name: 'Solicitação alterada' }).check();
  await page.getByLabel(/^Descrição/).fill('Sistema de campo da concessionária');
  await page.getByRole('button', { name: 'Salvar webhook' }).click();
  await expect(page.getByRole('heading', { name: `Segredo de assinatura de ${receiver.url}` })).toBeFocused();
  const secretField = page.getByRole('textbox', { name: 'Segredo de assinatura', exact: true });
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  const row = page.getByRole('row').filter({ hasText: receiver.url });
  await expect(row).toContainText('Solicitação alterada');
  await expect(row).toContainText('Ativo');
  await axe('webhook secret shown once');
  if (testInfo.project.name === 'phone') await expectNoSidewaysScroll(page, 'webhooks at 360 px');
  await page.getByRole('button', { name: 'Já copiei o segredo' }).click();
  await expect(secretField).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);

  // An operator's change on the request's page reaches the company's system, signed.
  const words = { newStatus: 'Novo status', save: 'Salvar atualização' };
  await changeStatusOnPage(page, server.url, requestId, words, 'Em andamento');
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(1);
  const first = verified(secret, receiver.received[0] as Received);
  expect(first.type).toBe('request.changed');
  expect(first.data).toMatchObject({ requestId, toStatus: 'in_progress' });

  // The system fails: the next change waits as pending, with the answer it got.
  receiver.answer(500);
  await changeStatusOnPage(page, server.url, requestId, words, 'Concluída');
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  const failedId = String(receiver.received[1]?.headers['webhook-id']);
  await openWebhooks(page);
  await page.getByLabel('Mostrar').selectOption({ label: 'Pendentes (aguardando tentativa)' });
  await expect(page.getByRole('heading', { name: 'Entregas pendentes' })).toBeVisible();
  const pending = page.getByRole('region', { name: 'Entregas pendentes' }).getByRole('row').filter({
    hasText: 'Solicitação alterada',
  });
  await expect(pending).toContainText('HTTP 500');
  await expect(pending.getByRole('button', { name: /^Reenviar/ })).toHaveCount(0);

  // A day later the retries have run out: a failed delivery (the server's clock, moved).
  clock.by(25 * 60 * 60_000);
  await expect.poll(() => deliveriesIn('dead'), { timeout: 20_000 }).toBe(1);
  clock.by(0);

  receiver.answer(204);
  const before = receiver.received.length;
  await openWebhooks(page);
  await expect(page.getByRole('heading', { name: 'Entregas com falha' })).toBeVisible();
  const dead = page.getByRole('region', { name: 'Entregas com falha' }).getByRole('row').filter({
    hasText: 'Solicitação alterada',
  });
  await expect(dead).toContainText('HTTP 500');
  await expect(dead.getByRole('link', { name: `Nº ${requestId}` })).toHaveAttribute(
    'href',
    `/admin/requests/${requestId}`,
  );
  await axe('failed deliveries');
  if (testInfo.project.name === 'phone') await expectNoSidewaysScroll(page, 'failed deliveries at 360 px');

  await dead.getByRole('button', { name: /^Reenviar/ }).click();
  await expect(toastWith(page, 'Entrega reenviada: a nova tentativa sai em instantes')).toBeVisible();
  await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBeGreaterThan(before);
  const replayed = receiver.received.at(-1) as Received;
  expect(replayed.headers['webhook-id']).toBe(failedId);
  expect(verified(secret, replayed)).toMatchObject({ type: 'request.changed', data: { toStatus: 'completed' } });
  await expect(page.getByText('Nenhuma entrega com falha.')).toBeVisible();

  // English: the page's title, its list's heading and its empty message.
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Webhooks');
  await expect(page.getByRole('heading', { name: 'Failed deliveries' })).toBeVisible();
  await expect(page.getByText('No failed deliveries.')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: receiver.url }).first()).toContainText('Request changed');
  await axe('webhooks en');
});
