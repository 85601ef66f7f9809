// The rows waiting for their area (repair_requests.area_retry_at, migration 0023): claimed one
// at a time, so that two instances on one PostgreSQL never look the same row up together.
import type { Db } from '../../db/database.ts';
import { dialectOf } from '../../db/database.ts';
import type { Area } from './geocoding.service.ts';

export interface AreaLookup {
  id: number;
  latitude: string;
  longitude: string;
  areaAttempts: number;
}

/**
 * Takes the row whose lookup is due longest: its next try moves to `leaseUntil` (another
 * instance skips it until then, and takes it back after if this one dies) and its attempts
 * count one more. PostgreSQL skips a row another instance is claiming (SKIP LOCKED); SQLite
 * has one writer.
 */
export async function claimAreaLookup(db: Db, now: string, leaseUntil: string): Promise<AreaLookup | undefined> {
  return (
    db
      .with(
        // Materialized: evaluated once, so the update claims the one row it found.
        (cte) => cte('due').materialized(),
        (qb) => {
          const due = qb
            .selectFrom('repairRequests')
            .select('id')
            .where('areaRetryAt', 'is not', null)
            .where('areaRetryAt', '<=', now)
            .orderBy('areaRetryAt')
            .orderBy('id')
            .limit(1);
          return dialectOf(db) === 'postgres' ? due.forUpdate().skipLocked() : due;
        },
      )
      .updateTable('repairRequests')
      .set((eb) => ({ areaRetryAt: leaseUntil, areaAttempts: eb('areaAttempts', '+', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
      // Checked again on the row as updated: a row claimed meanwhile has moved past `now`.
      .where('areaRetryAt', '<=', now)
      .returning(['id', 'latitude', 'longitude', 'areaAttempts'])
      .executeTakeFirst()
  );
}

/**
 * The lookup answered: the area as named (both null when the geocoder names neither), and
 * nothing left to do. Only a row still waiting: the filing instance's lookup and the worker's
 * may both answer.
 */
export async function storeArea(db: Db, id: number, area: Area): Promise<void> {
  await db
    .updateTable('repairRequests')
    .set({ district: area.district, city: area.city, areaRetryAt: null })
    .where('id', '=', id)
    .where('areaRetryAt', 'is not', null)
    .execute();
}

/**
 * The lookup failed: try again at `nextAt`, or never (null) once the tries ran out. Only while
 * the row still holds this claim's `lease`: past it, another instance may have claimed the
 * row again or filled it in, and a late failure must not re-open it.
 */
export async function postponeArea(db: Db, id: number, lease: string, nextAt: string | null): Promise<void> {
  await db
    .updateTable('repairRequests')
    .set({ areaRetryAt: nextAt })
    .where('id', '=', id)
    .where('areaRetryAt', '=', lease)
    .execute();
}
