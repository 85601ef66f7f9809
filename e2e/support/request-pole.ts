// Two requests filed on one registry pole, and one filed elsewhere, for the pole journeys
// (issue 21). The citizen's filing does not store a pole yet and the registry's admin API is
// being built, so no public route can put a request on a pole: the pole is written straight
// into the journeys' database, once, in global setup before any journey runs (a write from
// outside the server while it handles another journey's filing could fail that filing with
// SQLITE_BUSY). Swap for those routes once they are on main.
import { createDatabase } from '../../apps/api/src/db/database.ts';

export interface PoleFixture {
  /** The pole's number as stored, and as a person might type it (lower case, a space). */
  number: string;
  typed: string;
  olderId: number;
  newerId: number;
}

async function file(baseUrl: string, name: string, phone: string): Promise<number> {
  const res = await fetch(`${baseUrl}/api/repair-requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      phone,
      address: 'Rua João Alfredo, 250 - Cidade Baixa, Porto Alegre - RS',
      problemType: 'LIGHT_OUT',
      latitude: '-30.0401',
      longitude: '-51.2219',
      company: '2',
    }),
  });
  if (res.status !== 201) throw new Error(`filing for the pole journeys: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function seedRequestsOnPole(baseUrl: string, databaseUrl: string): Promise<PoleFixture> {
  const suffix = Date.now().toString(36).toUpperCase();
  const number = `E2E-${suffix}`;
  const olderId = await file(baseUrl, 'Poste Antigo', '(51) 98888-0001');
  const newerId = await file(baseUrl, 'Poste Novo', '(51) 98888-0002');
  await file(baseUrl, 'Sem Poste', '(51) 98888-0003');
  const db = createDatabase(databaseUrl);
  try {
    const now = new Date().toISOString();
    const pole = await db
      .insertInto('poles')
      .values({ companyId: 2, number, latitude: -30.0401, longitude: -51.2219, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .updateTable('repairRequests')
      .set({ poleId: pole.id, poleNumber: number })
      .where('id', 'in', [olderId, newerId])
      .execute();
  } finally {
    await db.destroy();
  }
  return { number, typed: ` e2e ${suffix.toLowerCase()} `, olderId, newerId };
}

/** The fixture global setup seeded (E2E_POLE_FIXTURE). */
export function poleFixture(): PoleFixture {
  const text = process.env.E2E_POLE_FIXTURE;
  if (!text) throw new Error('E2E_POLE_FIXTURE is not set: run the journeys through their global setup');
  return JSON.parse(text) as PoleFixture;
}
