// The import's SQL: a company's poles as they stand, and batched upserts by (company, number).
import { sql } from 'kysely';
import { type Db, dialectOf, type Trx } from '../../db/database.ts';
import type { NewPole } from '../../db/schema.ts';

export async function findCompanyExists(db: Db, companyId: number): Promise<boolean> {
  const row = await db.selectFrom('energyCompanies').select('id').where('id', '=', companyId).executeTakeFirst();
  return row !== undefined;
}

export interface StoredPole {
  number: string;
  latitude: number;
  longitude: number;
  street: string | null;
  description: string | null;
  active: number;
}

/** Every pole of the company (what an import compares the file with). */
export async function listCompanyPoles(db: Db, companyId: number): Promise<StoredPole[]> {
  return db
    .selectFrom('poles')
    .select(['number', 'latitude', 'longitude', 'street', 'description', 'active'])
    .where('companyId', '=', companyId)
    .execute();
}

/**
 * Inserts `rows` in one multi-row statement; a row whose (company, number) exists updates
 * that pole in place (its id, and so its QR label, stays; created_at too).
 */
export async function upsertPoles(trx: Trx, rows: NewPole[]): Promise<void> {
  await trx
    .insertInto('poles')
    .values(rows)
    .onConflict((conflict) =>
      conflict.columns(['companyId', 'number']).doUpdateSet((eb) => ({
        latitude: eb.ref('excluded.latitude'),
        longitude: eb.ref('excluded.longitude'),
        street: eb.ref('excluded.street'),
        description: eb.ref('excluded.description'),
        active: eb.ref('excluded.active'),
        updatedAt: eb.ref('excluded.updatedAt'),
      })),
    )
    .execute();
}

/** The advisory lock class of a company's import (PostgreSQL's two-key form: class, company). */
const IMPORT_LOCK_CLASS = 21;

/**
 * On PostgreSQL, makes a company's imports take turns until the transaction ends. Two imports
 * of one company at once would otherwise update the same poles and per-cell counts
 * (pole_cells, kept by triggers) in their files' orders, and could deadlock; one transaction
 * of SQLite is already the only writer.
 */
export async function lockCompanyImport(trx: Trx, companyId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select pg_advisory_xact_lock(${IMPORT_LOCK_CLASS}, ${companyId})`.execute(trx);
}

/**
 * On PostgreSQL, turns the per-row upkeep of the company's cell counts (pole_cells) off for
 * this transaction; recountCompanyCells puts them right at its end. An import that moves
 * 100,000 poles took 620 s with the row triggers (the same cell rows updated thousands of
 * times in one transaction) against seconds this way. SQLite's triggers stay (they also keep
 * the R*Tree) and cost it little.
 */
export async function deferCellCounts(trx: Trx): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`select set_config('acende.pole_cells_deferred', 'on', true)`.execute(trx);
}

/** Counts the company's active poles by 0.01° cell again (after deferCellCounts). */
export async function recountCompanyCells(trx: Trx, companyId: number): Promise<void> {
  if (dialectOf(trx) !== 'postgres') return;
  await sql`delete from pole_cells where company_id = ${companyId}`.execute(trx);
  await sql`insert into pole_cells (cell_lat, cell_lng, company_id, n, lat_sum, lng_sum)
    select floor(latitude * 100), floor(longitude * 100), company_id, count(*), sum(latitude), sum(longitude)
    from poles where company_id = ${companyId} and active = 1
    group by 1, 2, 3`.execute(trx);
}
