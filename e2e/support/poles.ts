// Poles for the citizen's pole journeys. Through the registry's API (POST /api/admin/poles,
// as the first admin) when the built server has it; a build without that API gets the pole
// written into its SQLite database (the run's server keeps it in E2E_DATA_DIR), as the
// registry would store it.
import { join } from 'node:path';
import type { TestInfo } from '@playwright/test';
import Database from 'better-sqlite3';
import { admin } from './fixtures.ts';

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
    if (res.status === 201 || res.status === 200) {
      const created = (await res.json()) as SeededPole;
      return { id: created.id, companyId: pole.companyId, number: created.number, street: pole.street ?? null };
    }
    if (res.status !== 404) throw new Error(`POST /api/admin/poles: ${res.status} ${await res.text()}`);
  } finally {
    await fetch(`${baseURL}/api/admin/logout`, { method: 'POST', headers: { cookie } });
  }
  return insertPole(pole);
}

function insertPole(pole: {
  companyId: number;
  number: string;
  latitude: number;
  longitude: number;
  street?: string | null;
}): SeededPole {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (e2e/support/global-setup.ts sets it)');
  const db = new Database(join(dir, 'acende.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const now = new Date().toISOString();
    const row = db
      .prepare(
        `insert into poles (company_id, number, latitude, longitude, street, description, active, created_at, updated_at)
         values (?, ?, ?, ?, ?, null, 1, ?, ?) returning id`,
      )
      .get(pole.companyId, pole.number, pole.latitude, pole.longitude, pole.street ?? null, now, now) as { id: number };
    return { id: row.id, companyId: pole.companyId, number: pole.number, street: pole.street ?? null };
  } finally {
    db.close();
  }
}
