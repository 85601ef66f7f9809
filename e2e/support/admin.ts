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

/** On a phone the navigation is behind the Menu button. */
export async function openNav(page: Page) {
  const menu = page.getByRole('button', { name: /^☰?\s*Menu$/ });
  if (await menu.isVisible()) {
    if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  }
}

export async function navigateTo(page: Page, linkName: string) {
  await openNav(page);
  await page.getByRole('navigation').getByRole('link', { name: linkName, exact: true }).click();
}
