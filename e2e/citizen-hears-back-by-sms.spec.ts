// Issue 36, SMS: a citizen who leaves only a phone ticks "Receber avisos … por SMS", and the
// texts really arrive at a stand-in for Twilio's Messages API (apps/api/test/fake-twilio.ts)
// in the citizen's language: the confirmation, then the operator's status change. In
// Portuguese the admin sets SMS up on its screen (with a test SMS) and a signed "SAIR" reply
// stops the next notice; in English the quiet hours hold the confirmation under the server's
// moved clock (TEST_CLOCK_OFFSET_FILE) until 08:00. A private server each: SMS is a global
// setting the other journeys must not see.
import type { Page } from '@playwright/test';
import { type FakeTwilio, startFakeTwilio } from '../apps/api/test/fake-twilio.ts';
import { navigateTo, signInThroughForm } from './support/admin.ts';
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
    notify: 'Receber avisos sobre esta solicitação por SMS no telefone informado',
    problem: 'Lâmpada apagada',
    smsNotice: (phone: string) => `Enviaremos avisos por SMS para ${phone}. Para parar, responda SAIR.`,
    confirmation: (id: number) => `Acende: solicitacao no ${id} recebida.`,
    inProgress: (id: number) => `Acende: a solicitacao no ${id} esta em andamento.`,
    newStatus: 'Novo status',
    inProgressLabel: 'Em andamento',
    completedLabel: 'Concluída',
    save: 'Salvar atualização',
    signIn: { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
    messages: 'Avisos ao cidadão',
    sent: 'Enviado',
  },
  en: {
    notify: 'Get notices about this request by SMS at the phone given',
    problem: 'Light Out',
    smsNotice: (phone: string) => `We will text notices to ${phone}. To stop them, reply STOP.`,
    confirmation: (id: number) => `Acende: request no. ${id} received.`,
    inProgress: (id: number) => `Acende: request no. ${id} is in progress.`,
    newStatus: 'New status',
    inProgressLabel: 'In Progress',
    completedLabel: 'Completed',
    save: 'Save update',
    signIn: { username: 'Username', password: 'Password', submit: 'Sign in' },
    messages: 'Notices to the citizen',
    sent: 'Sent',
  },
} as const;

let server: RunningServer;
let geocoder: FakeGeocoder;
let twilio: FakeTwilio;
let clock: ReturnType<typeof movableServerClock>;

test.beforeEach(async () => {
  clock = movableServerClock('sms');
  clock.at(12);
  twilio = await startFakeTwilio();
  geocoder = await startFakeGeocoder();
  server = await startServer({ GEOCODER_URL: geocoder.url, TEST_CLOCK_OFFSET_FILE: clock.file });
});
test.afterEach(async () => {
  await server?.stop();
  await geocoder?.close();
  await twilio?.close();
});

const to = (phone: string) => `+55${phone.replace(/\D/g, '')}`;
const textsTo = (phone: string) => twilio.sent.filter((m) => m.to === to(phone)).map((m) => m.body);

/** The wizard filed with only a phone and the SMS box ticked; answers the request's number. */
const fileWithSms = (page: Page, lang: 'pt' | 'en', phone: string) =>
  fileAskingForNotices(page, server.url, lang, phone, {
    box: words[lang].notify,
    problem: words[lang].problem,
    notice: 'sms-notice',
    says: words[lang].smsNotice(phone),
  });

const changeStatus = (page: Page, lang: 'pt' | 'en', id: number, label: string) =>
  changeStatusOnPage(page, server.url, id, words[lang], label);

test('an admin turns SMS on; the citizen hears back by SMS until replying SAIR (pt)', async ({
  page,
  context,
  axe,
}) => {
  const w = words.pt;
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password, w.signIn);
  await navigateTo(page, 'Configurações de SMS');
  await expect(page.getByRole('heading', { level: 1, name: 'Configurações de SMS' })).toBeVisible();
  await page.getByLabel('Enviar SMS').check();
  await page.getByLabel('Account SID').fill(twilio.accountSid);
  await page.getByLabel('Auth Token').fill(twilio.authToken);
  await page.getByLabel('Remetente').fill('+5551400000000');
  await page.getByLabel('Endereço da API do provedor').fill(twilio.url);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Configurações de SMS salvas').first()).toBeVisible();
  await expect(page.getByLabel('Auth Token')).toHaveValue('********');
  await expect(page.getByTestId('sms-inbound-url')).toHaveText(`${server.url}/api/sms/twilio/inbound`);
  await axe('sms settings');
  await page.getByLabel('Celular').fill('(51) 98888-7777');
  await page.getByRole('button', { name: 'Enviar SMS de teste' }).click();
  await expect(page.getByText('SMS de teste enviado').first()).toBeVisible();
  expect(textsTo('(51) 98888-7777')).toEqual(['Acende: SMS de teste. As configuracoes de SMS funcionam.']);

  const citizen = await context.newPage();
  const phone = '(51) 99123-4567';
  const id = await fileWithSms(citizen, 'pt', phone);
  await expectNoAxeViolations(citizen, 'success with SMS notice');
  await expect.poll(() => textsTo(phone), { timeout: 15_000 }).toEqual([expect.stringContaining(w.confirmation(id))]);

  await changeStatus(page, 'pt', id, w.inProgressLabel);
  await expect.poll(() => textsTo(phone).length, { timeout: 15_000 }).toBe(2);
  expect(textsTo(phone)[1]).toContain(w.inProgress(id));

  // The citizen replies SAIR: Twilio forwards it, signed; the completion is not texted.
  const stop = await twilio.reply(`${server.url}/api/sms/twilio/inbound`, to(phone), 'SAIR');
  expect(stop.status).toBe(200);
  expect(stop.body).toContain('<Message>Acende: voce nao recebera mais SMS');
  await changeStatus(page, 'pt', id, w.completedLabel);
  await page.reload();
  const messages = page.getByTestId('request-messages');
  await expect(messages.getByRole('listitem')).toHaveCount(2);
  await expect(messages).toContainText(w.sent);
  expect(textsTo(phone)).toHaveLength(2);
});

test('the quiet hours hold a text until 08:00, then it arrives in English (en)', async ({ page, context }) => {
  const w = words.en;
  await saveSettingsAsAdmin(server.url, '/api/admin/sms-settings', {
    enabled: true,
    provider: 'twilio',
    baseUrl: twilio.url,
    accountSid: twilio.accountSid,
    token: twilio.authToken,
    from: '+5551400000000',
    dailyCap: 5,
  });

  clock.at(22);
  const phone = '(51) 99765-4321';
  const citizen = await context.newPage();
  const id = await fileWithSms(citizen, 'en', phone);
  // Three worker rounds (every 2 s) at 22:00: nothing goes.
  await citizen.waitForTimeout(6000);
  expect(textsTo(phone)).toEqual([]);
  clock.at(8);
  await expect.poll(() => textsTo(phone), { timeout: 15_000 }).toEqual([expect.stringContaining(w.confirmation(id))]);

  // The operator reads English too: the citizen's switch is this browser's (local storage).
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password, w.signIn);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await changeStatus(page, 'en', id, w.inProgressLabel);
  await expect.poll(() => textsTo(phone).length, { timeout: 15_000 }).toBe(2);
  expect(textsTo(phone)[1]).toContain(w.inProgress(id));
});
