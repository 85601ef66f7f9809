// A person who forgot their password asks for a link on the sign-in screen, reads it
// in the e-mail that really arrives over SMTP, chooses a new password (seeing the
// form's rules) and signs in with it; the same link then no longer works.
import { type SmtpCapture, startSmtpCapture } from '../apps/api/test/smtp-capture.ts';
import { navigateTo, signInThroughForm, uniqueUsername } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { type RunningServer, startServer } from './support/server.ts';

let smtp: SmtpCapture;
let server: RunningServer;

async function signedInCookie(baseURL: string, credentials: { username: string; password: string }) {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  expect(login.status).toBe(200);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer();
  // The admin points the server at the SMTP capture through the settings API.
  const cookie = await signedInCookie(server.url, admin);
  const res = await fetch(`${server.url}/api/admin/email-settings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      enabled: true,
      host: smtp.host,
      port: smtp.port,
      secure: false,
      auth: { user: '', pass: '' },
      from: 'Acende <no-reply@acende.test>',
    }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function createOperatorWithEmail(username: string, email: string) {
  const cookie = await signedInCookie(server.url, admin);
  const res = await fetch(`${server.url}/api/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      username,
      password: 'senha-esquecida',
      name: 'Olga Operadora',
      email,
      role: 'user',
      companies: [],
    }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

test('forgot password: request a link, read it from the e-mail, choose a new password, sign in', async ({
  page,
  axe,
}, testInfo) => {
  const username = uniqueUsername(testInfo, 'esqueci');
  const email = `${username}@example.com`;
  await createOperatorWithEmail(username, email);

  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('link', { name: 'Esqueceu a senha?' }).click();
  await expect(page).toHaveURL(/\/admin\/request-password-reset$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Esqueceu sua senha?');
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(page.getByText('O nome de usuário é obrigatório', { exact: true })).toBeVisible();
  await axe('request reset with error pt');

  await page.getByLabel('Nome de usuário').fill(username);
  await page.getByRole('button', { name: 'Enviar link de redefinição' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Se o usuário existir, um e-mail será enviado...' }),
  ).toBeVisible();

  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
  expect(mail.subject).toBe('Redefinição da sua senha do Acende');
  const link = new RegExp(`${server.url}/admin/reset-password/[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  expect(link, mail.text).toBeTruthy();

  await page.goto(link as string);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Escolha uma nova senha');
  await page.getByLabel('Nova senha', { exact: true }).fill('123');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('A nova senha deve ter pelo menos 6 caracteres', { exact: true })).toBeVisible();
  await expect(page.getByText('A confirmação da senha é obrigatória', { exact: true })).toBeVisible();
  await page.getByLabel('Nova senha', { exact: true }).fill('senha-nova-456');
  await page.getByLabel('Confirme a nova senha').fill('outra-coisa');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('As senhas não coincidem', { exact: true })).toBeVisible();
  await axe('reset form with errors pt');

  await page.getByLabel('Confirme a nova senha').fill('senha-nova-456');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(page.getByText('Senha alterada com sucesso. Entre com a nova senha.')).toBeVisible();
  await page.getByRole('link', { name: 'Ir para o login' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signInThroughForm(page, username, 'senha-esquecida');
  await expect(page.getByText('Falha no login', { exact: true })).toBeVisible();
  await signInThroughForm(page, username, 'senha-nova-456');
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
  await navigateTo(page, 'Alterar senha');

  // The link works once only.
  await page.context().clearCookies();
  await page.goto(link as string);
  await page.getByLabel('Nova senha', { exact: true }).fill('mais-uma-senha');
  await page.getByLabel('Confirme a nova senha').fill('mais-uma-senha');
  await page.getByRole('button', { name: 'Salvar nova senha' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Erro ao redefinir a senha. O token pode ser inválido ou ter expirado.' }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pedir um novo link' })).toBeVisible();
});

test('the reset screens speak English after the toggle, with the spec messages', async ({ page, axe }) => {
  await page.goto(`${server.url}/admin/request-password-reset`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText('Username is required', { exact: true })).toBeVisible();
  await page.getByLabel('Username').fill('nobody-at-all');
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'If the user exists, an email will be sent...' }),
  ).toBeVisible();
  await axe('request reset en');

  await page.goto(`${server.url}/admin/reset-password/not-a-real-token`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await page.getByLabel('New password', { exact: true }).fill('whatever-123');
  await page.getByLabel('Confirm the new password').fill('whatever-123');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Error resetting password. The token may be invalid or have expired.' }),
  ).toBeVisible();
  await axe('reset failed en');
});
