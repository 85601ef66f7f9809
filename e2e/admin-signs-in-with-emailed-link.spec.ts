// Someone guesses an operator's password from many addresses until the account's budget of
// password checks is spent (decision 0042). The owner, at 360 px and with the keyboard only,
// types the right password and is told (pt, then en) that a link went to their e-mail; the
// link from the e-mail that really arrives over SMTP opens a page whose one button signs
// them in. The same link then no longer works.
import { type SmtpCapture, startSmtpCapture } from '../apps/api/test/smtp-capture.ts';
import { uniqueUsername } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { type RunningServer, startServer } from './support/server.ts';

let smtp: SmtpCapture;
let server: RunningServer;

const post = (path: string, body: object, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

test.setTimeout(120_000);

test.beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Trusts X-Forwarded-For, so the guesses come from addresses of their own.
  server = await startServer({ TRUST_PROXY: 'on' });
  const login = await post('/api/admin/login', admin);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const settings = {
    enabled: true,
    host: smtp.host,
    port: smtp.port,
    secure: false,
    auth: { user: '', pass: '' },
    from: 'Acende <no-reply@acende.test>',
  };
  expect((await post('/api/admin/email-settings', settings, { cookie })).status).toBe(200);
});

test.afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

test('past the budget the owner signs in with the e-mailed link, by keyboard, in pt and en', async ({
  page,
  axe,
}, testInfo) => {
  const username = uniqueUsername(testInfo, 'sob-ataque');
  const email = `${username}@example.com`;
  const login = await post('/api/admin/login', admin);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const account = { username, password: 'senha-da-dona', name: 'Olga Dona', email, role: 'user', companies: [] };
  expect((await post('/api/admin/users', account, { cookie })).status).toBe(201);
  const guesses = Array.from({ length: 21 }, (_, i) =>
    post('/api/admin/login', { username, password: `chute-${i}` }, { 'x-forwarded-for': `203.0.113.${i + 1}` }),
  );
  expect((await Promise.all(guesses)).map((r) => r.status).filter((s) => s === 401)).toHaveLength(20);

  await page.goto(`${server.url}/admin/login`);
  await page.getByLabel('Nome de usuário').focus();
  await page.keyboard.type(username);
  await page.keyboard.press('Tab');
  await page.keyboard.type('senha-da-dona');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confira o seu e-mail');
  await expect(page.getByRole('status')).toContainText('um link de acesso de uso único foi enviado');
  await axe('sign-in link notice pt');

  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await page.getByRole('button', { name: 'Back to sign in' }).click();
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill('senha-da-dona');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your e-mail');
  await expect(page.getByRole('status')).toContainText('a one-time sign-in link has been sent to it');

  const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 30_000);
  expect(mail.subject).toBe('Seu link de acesso ao Acende');
  const link = new RegExp(`${server.url}/admin/sign-in-link/[A-Za-z0-9_-]+`).exec(mail.text)?.[0] as string;
  expect(link, mail.text).toBeTruthy();

  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in with the e-mailed link');
  await axe('sign-in link page en');
  await page.getByRole('button', { name: 'Mudar para Português' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Entrar com o link enviado por e-mail');
  const submit = page.getByRole('button', { name: 'Entrar', exact: true });
  for (let i = 0; i < 10 && !(await submit.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);

  // Once only.
  await page.context().clearCookies();
  await page.goto(link);
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page.getByRole('alert')).toContainText('Link de acesso inválido ou expirado');
  await expect(page.getByRole('link', { name: 'Voltar para o login' })).toBeVisible();
});
