// Helpers for the administrator journeys: accounts made through the API as the first
// admin, signing in through the form, and opening the navigation on narrow screens.
import { expect, type Page, type TestInfo } from '@playwright/test';
import { admin } from './fixtures.ts';

let counter = 0;
export function uniqueUsername(testInfo: TestInfo, prefix: string): string {
  counter += 1;
  return `${prefix}-${testInfo.project.name}-${Date.now().toString(36)}-${counter}`.toLowerCase();
}

/** Creates an account through the API, signed in as the first admin (whose password is never changed). */
export async function createAccountViaApi(
  baseURL: string,
  account: {
    username: string;
    password: string;
    name: string;
    role: 'admin' | 'user' | 'viewer';
    companies?: number[];
  },
): Promise<{ id: number }> {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const res = await fetch(`${baseURL}/api/admin/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ companies: [], ...account }),
  });
  expect(res.status, await res.clone().text()).toBe(201);
  await fetch(`${baseURL}/api/admin/logout`, { method: 'POST', headers: { cookie } });
  return (await res.json()) as { id: number };
}

export async function signInThroughForm(
  page: Page,
  username: string,
  password: string,
  labels = { username: 'Nome de usuário', password: 'Senha', submit: 'Entrar' },
) {
  await page.getByLabel(labels.username).fill(username);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
}

/**
 * On a phone the navigation is behind the Menu button, a toggle. On a busy machine the
 * shell can take a while to render the click, and a second click read off a stale
 * `aria-expanded` would close it again: a click is only repeated once the first has
 * visibly not opened it.
 */
export async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: /^☰?\s*Menu$/ });
  if (!(await menu.isVisible())) return;
  const nav = page.locator('#admin-nav');
  await expect(async () => {
    if (await nav.isVisible()) return;
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
    await expect(nav).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}

/** Unfolds every folded group of the (open) navigation, so that all its links show. */
export async function unfoldNavGroups(page: Page) {
  const folded = page.locator('#admin-nav').getByRole('button', { expanded: false });
  while ((await folded.count()) > 0) await folded.first().click();
}

/** Opens the navigation and its groups if needed and follows one of its links; the menu may close under the click, so all are retried. */
export async function navigateTo(page: Page, linkName: string) {
  const link = page.getByRole('navigation').getByRole('link', { name: linkName, exact: true });
  await expect(async () => {
    await openNav(page);
    await unfoldNavGroups(page);
    await link.click({ timeout: 5000 });
  }).toPass({ timeout: 45_000 });
}

/** After a Save: the status at the top of the screen says it, and has the focus (it fell to <body> before). */
export async function expectSavedStatus(page: Page, message: string) {
  const status = page.getByRole('main').getByRole('status').filter({ hasText: message });
  await expect(status).toHaveText(message);
  await expect(status).toBeFocused();
}
