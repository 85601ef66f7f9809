// Two requests filed on one registry pole, and one filed elsewhere, for the operators' pole
// journey (issue 21): the pole through the registry's API, the requests through the citizen's
// filing naming it. Done once, in global setup, before any journey runs.
import { seedPole } from './poles.ts';

export interface PoleFixture {
  /** The pole's number as stored, and as a person might type it (lower case, a space). */
  number: string;
  typed: string;
  olderId: number;
  newerId: number;
}

async function file(baseUrl: string, name: string, phone: string, pole?: number): Promise<number> {
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
      ...(pole ? { pole: String(pole) } : {}),
    }),
  });
  if (res.status !== 201) throw new Error(`filing for the pole journeys: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: number }).id;
}

export async function seedRequestsOnPole(baseUrl: string): Promise<PoleFixture> {
  const suffix = Date.now().toString(36).toUpperCase();
  const pole = await seedPole(baseUrl, {
    companyId: 2,
    number: `E2E-${suffix}`,
    latitude: -30.0401,
    longitude: -51.2219,
  });
  const olderId = await file(baseUrl, 'Poste Antigo', '(51) 98888-0001', pole.id);
  const newerId = await file(baseUrl, 'Poste Novo', '(51) 98888-0002', pole.id);
  await file(baseUrl, 'Sem Poste', '(51) 98888-0003');
  return { number: pole.number, typed: ` e2e ${suffix.toLowerCase()} `, olderId, newerId };
}

/** The fixture global setup seeded (E2E_POLE_FIXTURE). */
export function poleFixture(): PoleFixture {
  const text = process.env.E2E_POLE_FIXTURE;
  if (!text) throw new Error('E2E_POLE_FIXTURE is not set: run the journeys through their global setup');
  return JSON.parse(text) as PoleFixture;
}
