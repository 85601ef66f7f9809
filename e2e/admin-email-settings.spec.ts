// An administrator configures e-mail: sees the three tabs, meets the required-field
// and address messages, tests the connection against a real SMTP server (started
// here), saves, finds the password hidden after a reload, and sends a test e-mail.
import { type SmtpCapture, startSmtpCapture } from '../apps/api/test/smtp-capture.ts';
import { navigateTo, signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { type RunningServer, startServer } from './support/server.ts';

const SMTP_USER = 'mailer';
const SMTP_PASS = 'smtp-pass-e2e-9876';

let smtp: SmtpCapture;
let server: RunningServer;

test.beforeAll(async () => {
  smtp = await startSmtpCapture({ user: SMTP_USER, pass: SMTP_PASS });
  // Failed SMTP checks answer when their time is up: 3 s here rather than the default 10 s.
  server = await startServer({ SMTP_CHECK_TIMEOUT_MS: '3000' });
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const toast = (page: import('@playwright/test').Page, text: string) =>
  page
    .getByRole('status')
    .filter({ hasText: text })
    .or(page.getByText(text, { exact: true }))
    .first();

test('configure SMTP, test the connection, save, and send a test e-mail', async ({ page, axe }, testInfo) => {
  await page.goto(`${server.url}/admin/login`);
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await navigateTo(page, 'Configurações de e-mail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Configurações de e-mail');
  await expect(page.getByRole('tab', { name: 'Geral' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Servidor SMTP' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Autenticação' })).toBeVisible();
  await expect(page.getByLabel('Enviar e-mails')).not.toBeChecked();
  await axe('e-mail settings pt');

  await page.getByLabel('Enviar e-mails').check();
  await page.getByRole('button', { name: 'Salvar configurações' }).click();
  await expect(toast(page, 'Preencha todos os campos obrigatórios antes de salvar.')).toBeVisible();

  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('E-mail settings');
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Sender (From)').fill('not an address');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Fill in all required fields before saving.')).toBeVisible();
  await page.getByRole('tab', { name: 'General' }).click();
  await page.getByLabel('Sender (From)').fill('Acende <no-reply@acende.test>');

  await page.getByRole('tab', { name: 'SMTP Server' }).click();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(toast(page, 'Fill in the SMTP server fields before testing the connection.')).toBeVisible();
  await page.getByRole('textbox', { name: 'SMTP server' }).fill(smtp.host);
  await expect(page.getByRole('spinbutton', { name: 'Port' })).toHaveValue('587');
  await page.getByLabel('Secure connection (SSL/TLS)').check();
  await expect(page.getByRole('spinbutton', { name: 'Port' })).toHaveValue('465');
  await page.getByLabel('Secure connection (SSL/TLS)').uncheck();
  await expect(page.getByRole('spinbutton', { name: 'Port' })).toHaveValue('587');
  await page.getByRole('spinbutton', { name: 'Port' }).fill(String(smtp.port));
  await page.getByLabel('Secure connection (SSL/TLS)').check();
  await expect(page.getByText('Secure connections usually use port 465.')).toBeVisible();
  await page.getByLabel('Secure connection (SSL/TLS)').uncheck();
  await axe('smtp tab en');

  await page.getByRole('tab', { name: 'Authentication' }).click();
  await page.getByLabel('Username').fill(SMTP_USER);
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(toast(page, 'Connection failed')).toBeVisible();
  await page.getByLabel('Password').fill(SMTP_PASS);
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(toast(page, 'Connection successful')).toBeVisible();

  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(toast(page, 'Settings saved')).toBeVisible();

  // After a reload the password is a placeholder; the API never shows it either.
  await page.reload();
  await page.getByRole('tab', { name: 'Authentication' }).click();
  await expect(page.getByLabel('Password')).toHaveValue('********');
  const settings = await page.request.get(`${server.url}/api/admin/email-settings`);
  expect(await settings.text()).not.toContain(SMTP_PASS);
  expect((await settings.json()).enabled).toBe(true);
  await axe('auth tab en');

  await page.getByLabel('Recipient').fill('nobody');
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(toast(page, 'The email address provided is not valid.')).toBeVisible();
  const to = `admin-test-${testInfo.project.name}-${Date.now()}@example.com`;
  await page.getByLabel('Recipient').fill(to);
  await page.getByLabel('Language of the test e-mail').selectOption('en');
  // The stored password (shown as the placeholder) is the one used.
  await page.getByRole('button', { name: 'Send test e-mail' }).click();
  await expect(toast(page, 'Test email sent')).toBeVisible();
  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(to));
  expect(mail.subject).toBe('Acende test e-mail');
  expect(mail.text).toContain(`Port: ${smtp.port}`);
  expect(mail.text).toContain('Secure connection (SSL/TLS): No');

  smtp.refuse(true);
  try {
    await page.getByRole('button', { name: 'Send test e-mail' }).click();
    await expect(toast(page, 'Error sending test email')).toBeVisible();
  } finally {
    smtp.refuse(false);
  }
});
