// Someone elsewhere guesses an administrator's password from several addresses until each
// is refused; the account is not locked: its owner still signs in through the form, in pt
// and in en. With the captcha off the sign-in is slowed down; with it on, the owner solves
// the robot check as always. A private server trusts X-Forwarded-For, so the guesses can
// come from addresses of their own while the browser signs in from 127.0.0.1. And when the
// server asks for a check the page was not showing, the page shows it.
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { signInThroughForm } from './support/admin.ts';
import { admin, expect, test } from './support/fixtures.ts';
import { type RunningServer, startServer } from './support/server.ts';

const ATTACKERS = ['203.0.113.7', '203.0.113.8', '203.0.113.9'];

async function solvedToken(base: string): Promise<string> {
  const { challenge } = (await (await fetch(`${base}/api/captcha`)).json()) as { challenge: Challenge };
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Five wrong guesses from each attacking address, then the right password from each is refused (429). */
async function attack(base: string, withCaptcha: boolean) {
  const attempt = async (password: string, from: string) => {
    const body = { ...admin, password, ...(withCaptcha ? { captchaToken: await solvedToken(base) } : {}) };
    const res = await fetch(`${base}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
      body: JSON.stringify(body),
    });
    return res.status;
  };
  for (const from of ATTACKERS) {
    const statuses = await Promise.all(Array.from({ length: 5 }, (_, i) => attempt(`guess-${i}`, from)));
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(await attempt(admin.password, from)).toBe(429);
  }
}

async function signInTwice(page: import('@playwright/test').Page, base: string, captcha: boolean) {
  const verified = async (name: string) => {
    if (!captcha) return;
    const check = page.getByRole('group', { name });
    await expect(check.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 20_000 });
  };
  await page.goto(`${base}/admin/login`);
  await verified('Verificação contra robôs');
  await signInThroughForm(page, admin.username, admin.password);
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');

  await page.context().clearCookies();
  await page.goto(`${base}/admin/login`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await verified('Robot check');
  await signInThroughForm(page, admin.username, admin.password, {
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
  });
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
}

// A private server, a dozen guesses (with checks solved in Node) and two sign-ins on a busy machine.
test.setTimeout(120_000);

let server: RunningServer;
test.afterEach(async () => {
  await server?.stop();
});

test('captcha off: the owner signs in, slowed down, in pt and en', async ({ page }) => {
  server = await startServer({ TRUST_PROXY: 'on', LOGIN_MAX_FAILURES_PER_IP: '20' });
  await attack(server.url, false);
  await signInTwice(page, server.url, false);
});

test('captcha on: the owner signs in with the robot check, in pt and en', async ({ page, axe }) => {
  server = await startServer({ TRUST_PROXY: 'on', LOGIN_MAX_FAILURES_PER_IP: '20', CAPTCHA: 'on' });
  await attack(server.url, true);
  await signInTwice(page, server.url, true);
  await axe('dashboard after signing in under attack');
});

test('the sign-in page shows the robot check when the server asks for it, and the person signs in with it', async ({
  page,
}) => {
  server = await startServer({ CAPTCHA: 'on' });
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...admin, captchaToken: await solvedToken(server.url) }),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const setCaptcha = async (enabled: boolean) => {
    const res = await fetch(`${server.url}/api/admin/captcha-settings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ enabled, provider: 'altcha', siteKey: null, secretKey: null }),
    });
    expect(res.status).toBe(200);
  };
  // The page loads while the check is off, then an admin turns it on.
  await setCaptcha(false);
  await page.goto(`${server.url}/admin/login`);
  await page.getByRole('button', { name: 'Mudar para English' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Administrator sign-in');
  await expect(page.getByRole('group', { name: 'Robot check' })).toHaveCount(0);
  await setCaptcha(true);

  const labels = { username: 'Username', password: 'Password', submit: 'Sign in' };
  await signInThroughForm(page, admin.username, admin.password, labels);
  await expect(page.getByText('Complete the robot check before submitting.').first()).toBeVisible();
  const check = page.getByRole('group', { name: 'Robot check' });
  await expect(check.getByTestId('captcha')).toHaveAttribute('data-verified', 'true', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/, { timeout: 20_000 });
});
