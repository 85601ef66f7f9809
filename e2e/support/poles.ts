// Poles for the pole journeys, created through the registry's API (POST /api/admin/poles)
// as the first admin, as an operator would.
import type { TestInfo } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME } from './server.ts';

const admin = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

export interface SeededPole {
  id: number;
  companyId: number;
  number: string;
  street: string | null;
}

let counter = 0;
/** A pole number no other journey of the run uses. */
export function uniquePoleNumber(testInfo: TestInfo, prefix: string): string {
  counter += 1;
  return `${prefix}-${testInfo.project.name}-${Date.now().toString(36)}-${counter}`.toUpperCase();
}

export async function seedPole(
  baseURL: string,
  pole: { companyId: number; number: string; latitude: number; longitude: number; street?: string | null },
): Promise<SeededPole> {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  if (login.status !== 200) throw new Error(`admin sign-in: ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  try {
    const res = await fetch(`${baseURL}/api/admin/poles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify({ ...pole, street: pole.street ?? null, active: true }),
    });
    if (res.status !== 201) throw new Error(`POST /api/admin/poles: ${res.status} ${await res.text()}`);
    const created = (await res.json()) as SeededPole;
    return { id: created.id, companyId: pole.companyId, number: created.number, street: pole.street ?? null };
  } finally {
    await fetch(`${baseURL}/api/admin/logout`, { method: 'POST', headers: { cookie } });
  }
}

/** The public list's company named `name` (the example companies: CEEE, Certel, RGE). */
export async function publicCompany(baseURL: string, name: string): Promise<{ id: number; name: string }> {
  const companies = (await (await fetch(`${baseURL}/api/energy-companies`)).json()) as { id: number; name: string }[];
  const company = companies.find((c) => c.name === name);
  if (!company) throw new Error(`no ${name} among the companies`);
  return company;
}
