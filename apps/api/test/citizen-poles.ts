// Poles written straight into the registry's table, for the suites of the citizen's side
// (the lookup, filing about a pole), which must not depend on the admin registry's API.
import type { Db } from '../src/db/database.ts';

export interface PoleRow {
  companyId: number;
  number: string;
  latitude?: number;
  longitude?: number;
  street?: string | null;
  active?: boolean;
}

/** Inserts a pole and gives its id. */
export async function insertPole(db: Db, pole: PoleRow): Promise<number> {
  const now = new Date().toISOString();
  const row = await db
    .insertInto('poles')
    .values({
      companyId: pole.companyId,
      number: pole.number,
      latitude: pole.latitude ?? -30.0277,
      longitude: pole.longitude ?? -51.2287,
      street: pole.street ?? null,
      description: null,
      active: pole.active === false ? 0 : 1,
      createdAt: now,
      updatedAt: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
