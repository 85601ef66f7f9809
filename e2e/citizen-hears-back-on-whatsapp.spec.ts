// Issue 36, WhatsApp: a citizen ticks "Receber avisos … por WhatsApp", and the notices really
// arrive at a stand-in for Meta's WhatsApp Cloud API (apps/api/test/fake-meta-whatsapp.ts, which
// knows the templates as docs/whatsapp-templates.md has them approved) in the citizen's
// language: the confirmation, then the operator's status change. In Portuguese the admin sets
// WhatsApp up on its screen (with a test message) and a tap on the message's stop button,
// posted signed to the webhook, stops the next notice; in English the quiet hours hold the
// confirmation under the server's moved clock (TEST_CLOCK_OFFSET_FILE) until 08:00. A private
// server each: WhatsApp is a global setting the other journeys must not see.
import type { BrowserContext, Page } from '@playwright/test';
import { acendeTemplates, type FakeMetaWhatsapp, startFakeMetaWhatsapp } from '../apps/api/test/fake-meta-whatsapp.ts';
import { type FakePushService, type ReceivedPush, startFakePushService } from '../apps/api/test/fake-push-service.ts';
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { deliverPush, expectNoticeShown, standInForPushRegistration } from './support/browser-push.ts';
import { ANDRADAS } from './support/citizen.ts';
import { type FakeGeocoder, startFakeGeocoder } from './support/fake-geocoder.ts';
import { admin, expect, expectNoAxeViolations, test } from './support/fixtures.ts';
import {
  changeStatusOnPage,
  fileAskingForNotices,
  movableServerClock,
  saveSettingsAsAdmin,
} from './support/notices.ts';
import { type RunningServer, startServer } from './support/server.ts';

test.use({
  permissions: ['geolocation'],
  geolocation: { latitude: Number(ANDRADAS.lat), longitude: Number(ANDRADAS.lon) },
});

const words = {
  pt: {
    notify: 'Receber avisos sobre esta solicitação por WhatsApp no telefone informado',
    problem: 'Lâmpada apagada',
    notice: (phone: string) =>
      `Enviaremos avisos por WhatsApp para ${phone}. Para parar, toque em "Parar avisos" ou responda SAIR.`,
    confirmation: (id: number) => `Acende: sua solicitação nº ${id} foi recebida. Acompanhe o reparo em `,
    inProgress: (id: number) => `Acende: a solicitação nº ${id} está em andamento. Acompanhe em `,
    newStatus: 'Novo status',
    inProgressLabel: 'Em andamento',
    completedLabel: 'Concluída',
    save: 'Salvar atualização',
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    channel: 'WhatsApp',
    sent: 'Enviado',
    push: {
      button: 'Receber avisos neste aparelho',
      done: 'Você receberá avisos neste aparelho.',
      title: (id: number) => `Solicitação nº ${id}`,
      inProgress: 'O reparo está em andamento. Toque para acompanhar.',
      completed: 'O reparo foi concluído. Toque para avaliar o serviço.',
      channel: 'Notificação no aparelho',
    },
  },
  en: {
    notify: 'Get notices about this request by WhatsApp at the phone given',
    problem: 'Light Out',
    notice: (phone: string) =>
      `We will send notices by WhatsApp to ${phone}. To stop them, tap "Stop notices" or reply STOP.`,
    confirmation: (id: number) => `Acende: your request no. ${id} was received. Follow the repair at `,
    inProgress: (id: number) => `Acende: request no. ${id} is in progress. Follow it at `,
    newStatus: 'New status',
    inProgressLabel: 'In Progress',
    completedLabel: 'Completed',
    save: 'Save update',
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    channel: 'WhatsApp',
    sent: 'Sent',
    push: {
      button: 'Get notices on this device',
      done: 'You will get notices on this device.',
      title: (id: number) => `Request no. ${id}`,
      inProgress: 'The repair is in progress. Tap to follow it.',
      completed: 'The repair was completed. Tap to rate it.',
      channel: 'Browser notification',
    },
  },
} as const;

let server: RunningServer;
let geocoder: FakeGeocoder;
let meta: FakeMetaWhatsapp;
let pushService: FakePushService;
let clock: ReturnType<typeof movableServerClock>;

test.beforeEach(async () => {
  clock = movableServerClock('whatsapp');
  clock.at(12);
  meta = await startFakeMetaWhatsapp(acendeTemplates());
  pushService = await startFakePushService();
  geocoder = await startFakeGeocoder();
  server = await startServer({
    GEOCODER_URL: geocoder.url,
    TEST_CLOCK_OFFSET_FILE: clock.file,
    // The local push service is on 127.0.0.1 with its own certificate.
    PUSH_EXTRA_HOSTS: '127.0.0.1',
    TEST_PUSH_CA_FILE: pushService.caFile,
  });
});
test.afterEach(async () => {
  await server?.stop();
  await geocoder?.close();
  await meta?.close();
  await pushService?.close();
});

/** The citizen's browser, its push registration stood in for (support/browser-push.ts), notices allowed. */
async function citizenBrowser(context: BrowserContext) {
  const subscription = pushService.subscribe();
  await context.grantPermissions(['geolocation', 'notifications'], { origin: server.url });
  const citizen = await context.newPage();
  await standInForPushRegistration(citizen, subscription);
  const pushes = () => pushService.received.filter((p) => p.endpoint === subscription.endpoint);
  return { citizen, pushes };
}

/** On the success screen: "Receber avisos neste aparelho". */
async function askForPush(citizen: Page, lang: 'pt' | 'en') {
  await citizen.getByRole('button', { name: words[lang].push.button }).click();
  await expect(citizen.getByTestId('push-opt-in').getByRole('status')).toHaveText(words[lang].push.done);
}

/** The push service's `count`th notice for the browser, decrypted, delivered to its service worker and shown. */
async function pushShown(context: BrowserContext, citizen: Page, pushes: () => ReceivedPush[], count: number) {
  await expect.poll(() => pushes().length, { timeout: 15_000 }).toBe(count);
  const text = pushes()[count - 1]?.text ?? '';
  const { title, body } = JSON.parse(text) as { title: string; body: string };
  await deliverPush(context, citizen, server.url, text);
  await expectNoticeShown(context, server.url, { title, body });
  return { title, body };
}

const waId = (phone: string) => `55${phone.replace(/\D/g, '')}`;
const messagesTo = (phone: string) => meta.sent.filter((m) => m.to === waId(phone)).map((m) => m.text);

/** The wizard filed with only a phone and the WhatsApp box ticked; answers the request's number. */
const fileWithWhatsapp = (page: Page, lang: 'pt' | 'en', phone: string) =>
  fileAskingForNotices(page, server.url, lang, phone, {
    box: words[lang].notify,
    problem: words[lang].problem,
    notice: 'whatsapp-notice',
    says: words[lang].notice(phone),
  });

const changeStatus = (page: Page, lang: 'pt' | 'en', id: number, label: string) =>
  changeStatusOnPage(page, server.url, id, words[lang], label);

test('an admin turns WhatsApp on; the citizen hears back there until tapping "Parar avisos" (pt)', async ({
  page,
  context,
  axe,
}) => {
  const w = words.pt;
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password, w.signIn);
  await navigateTo(page, 'Configurações de WhatsApp');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações de WhatsApp' })).toBeVisible();
  await page.getByLabel('Enviar WhatsApp').check();
  await page.getByLabel('Identificador do número de telefone').fill(meta.phoneNumberId);
  await page.getByLabel('Token de acesso').fill(meta.accessToken);
  await page.getByLabel('Chave secreta do app').fill(meta.appSecret);
  await page.getByLabel('Endereço da Graph API').fill(meta.url);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Configurações de WhatsApp salvas').first()).toBeVisible();
  await expect(page.getByLabel('Token de acesso')).toHaveValue('********');
  await expect(page.getByLabel('Chave secreta do app')).toHaveValue('********');
  await expect(page.getByTestId('whatsapp-webhook-url')).toHaveText(`${server.url}/api/whatsapp/webhook`);
  // The verify token shown is the one Meta's handshake must bring.
  const verifyToken = (await page.getByTestId('whatsapp-verify-token').textContent()) ?? '';
  const handshake = await fetch(
    `${server.url}/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(verifyToken)}&hub.challenge=42`,
  );
  expect(await handshake.text()).toBe('42');
  await axe('whatsapp settings');
  await page.getByLabel('Celular').fill('(51) 98888-7777');
  await page.getByRole('button', { name: 'Enviar mensagem de teste' }).click();
  await expect(page.getByText('Mensagem de teste enviada pelo WhatsApp').first()).toBeVisible();
  expect(messagesTo('(51) 98888-7777')).toEqual([expect.stringContaining('Acende: sua solicitação nº 0 foi recebida')]);

  const { citizen, pushes } = await citizenBrowser(context);
  const phone = '(51) 99123-4567';
  const id = await fileWithWhatsapp(citizen, 'pt', phone);
  await askForPush(citizen, 'pt');
  await expectNoAxeViolations(citizen, 'success with WhatsApp and push notices');
  await expect
    .poll(() => messagesTo(phone), { timeout: 15_000 })
    .toEqual([expect.stringContaining(w.confirmation(id))]);

  // One status change: WhatsApp and this browser both hear of it, in Portuguese.
  await changeStatus(page, 'pt', id, w.inProgressLabel);
  await expect.poll(() => messagesTo(phone).length, { timeout: 15_000 }).toBe(2);
  expect(messagesTo(phone)[1]).toContain(w.inProgress(id));
  const first = await pushShown(context, citizen, pushes, 1);
  expect(first).toEqual({ title: w.push.title(id), body: w.push.inProgress });

  // The citizen taps "Parar avisos": Meta posts the button's payload, signed; the completion
  // goes to this browser only.
  const stop = await meta.reply(`${server.url}/api/whatsapp/webhook`, waId(phone), { button: 'SAIR' });
  expect(stop.status).toBe(200);
  await changeStatus(page, 'pt', id, w.completedLabel);
  expect(await pushShown(context, citizen, pushes, 2)).toEqual({ title: w.push.title(id), body: w.push.completed });
  expect(messagesTo(phone)).toHaveLength(2);
  await page.reload();
  const messages = page.getByTestId('request-messages');
  await expect(messages.getByRole('listitem')).toHaveCount(4);
  await expect(messages.getByRole('listitem').filter({ hasText: w.channel })).toHaveCount(2);
  await expect(messages.getByRole('listitem').filter({ hasText: w.push.channel })).toHaveCount(2);
  await expect(messages.getByRole('listitem').filter({ hasText: w.sent })).toHaveCount(4);
});

test('at night this browser hears at once and WhatsApp waits for 08:00, both in English (en)', async ({
  page,
  context,
}) => {
  const w = words.en;
  await saveSettingsAsAdmin(server.url, '/api/admin/whatsapp-settings', {
    enabled: true,
    baseUrl: meta.url,
    apiVersion: meta.apiVersion,
    phoneNumberId: meta.phoneNumberId,
    accessToken: meta.accessToken,
    appSecret: meta.appSecret,
    dailyCap: 5,
  });

  clock.at(22);
  const phone = '(51) 99765-4321';
  const { citizen, pushes } = await citizenBrowser(context);
  const id = await fileWithWhatsapp(citizen, 'en', phone);
  await askForPush(citizen, 'en');
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password, w.signIn);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await changeStatus(page, 'en', id, w.inProgressLabel);
  // A browser's notice keeps no quiet hours: it is shown at 22:00, in English.
  expect(await pushShown(context, citizen, pushes, 1)).toEqual({ title: w.push.title(id), body: w.push.inProgress });
  // Two more WhatsApp rounds (every 2 s) at 22:00: nothing goes there.
  await citizen.waitForTimeout(4500);
  expect(messagesTo(phone)).toEqual([]);
  clock.at(8);
  await expect
    .poll(() => messagesTo(phone), { timeout: 15_000 })
    .toEqual([expect.stringContaining(w.confirmation(id)), expect.stringContaining(w.inProgress(id))]);
});
