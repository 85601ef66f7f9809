// Poles for the journeys, made through the API as the first admin: a company of their own
// (so a whole-company print holds exactly these) and its poles, through the registry's
// POST /api/admin/poles.
import { expect } from '@playwright/test';
import { admin } from './fixtures.ts';

export interface SeededPole {
  id: number;
  number: string;
  active: boolean;
}

async function adminCookie(baseURL: string): Promise<string> {
  const login = await fetch(`${baseURL}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(login.status).toBe(200);
  return (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
}

/** A new company named `name` with `poles` registered in it, in that order. */
export async function seedCompanyWithPoles(
  baseURL: string,
  name: string,
  poles: { number: string; active?: boolean }[],
): Promise<{ companyId: number; poles: SeededPole[] }> {
  const cookie = await adminCookie(baseURL);
  const call = async (path: string, body: object) => {
    const res = await fetch(`${baseURL}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as { id: number };
  };
  const company = await call('/api/admin/energy-companies', { name, fullName: `${name} Energia` });
  const seeded: SeededPole[] = [];
  for (const [i, pole] of poles.entries()) {
    const active = pole.active !== false;
    const created = await call('/api/admin/poles', {
      companyId: company.id,
      number: pole.number,
      latitude: -30.0277 - i / 10_000,
      longitude: -51.2287,
      active,
    });
    seeded.push({ id: created.id, number: pole.number, active });
  }
  await fetch(`${baseURL}/api/admin/logout`, { method: 'POST', headers: { cookie } });
  return { companyId: company.id, poles: seeded };
}
