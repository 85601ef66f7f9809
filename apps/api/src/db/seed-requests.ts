// Realistic repair requests for development, demos and the list tests: addresses in
// Porto Alegre's neighbourhoods, Brazilian names and phones, spread over the past
// year, every status with the history events that lead to it, every company.
// Rows go in with multi-row inserts of 1000, a transaction per 50,000, built a chunk at a time.
import { sql } from 'kysely';
import { type Db, dialectOf, type Trx } from './database.ts';
import { indexQueued } from './search-upkeep.ts';
import { buildRequest, randomSource, type SeedAccount, YEAR_MS } from './seed-requests.build.ts';

export interface SeedRequestsOptions {
  count: number;
  /** The end of the year the requests are spread over. */
  now: Date;
  seed?: number;
  /** Companies to spread over; by default every company in the database. */
  companyIds?: number[];
  /** Accounts to assign work to; by default the active admin and user accounts. */
  accounts?: SeedAccount[];
  batchSize?: number;
  /** Called after each committed chunk with how many requests are in so far. */
  onProgress?: (inserted: number) => void;
}

async function seedAccounts(db: Db): Promise<SeedAccount[]> {
  const admins = await db
    .selectFrom('admins')
    .select(['id', 'name'])
    .where('active', '=', 1)
    .where('role', 'in', ['admin', 'user'])
    .execute();
  const links = await db.selectFrom('adminCompanies').select(['adminId', 'companyId']).execute();
  return admins.map((a) => ({
    id: a.id,
    name: a.name,
    companyIds: links.filter((l) => l.adminId === a.id).map((l) => l.companyId),
  }));
}

/** Inserts `count` requests with their history; answers how many were inserted. */
export async function seedRequests(db: Db, options: SeedRequestsOptions): Promise<number> {
  const random = randomSource(options.seed ?? 20_260_101);
  const companyIds =
    options.companyIds ?? (await db.selectFrom('energyCompanies').select('id').execute()).map((c) => c.id);
  if (companyIds.length === 0) throw new Error('No energy companies to seed requests for: create one first.');
  const accounts = options.accounts ?? (await seedAccounts(db));
  const now = options.now.getTime();
  const count = options.count;
  // Both engines cap bound parameters per statement (SQLite 32766): ~24 per request row.
  const batchSize = options.batchSize ?? 1000;
  // Built and written a chunk at a time (memory stays flat for millions), one transaction
  // per chunk. Request i is created in the i-th slice of the year, so numbers grow with time.
  const chunkSize = Math.max(batchSize, 50_000);
  const slot = YEAR_MS / Math.max(count, 1);
  const start = now - YEAR_MS;
  // PostgreSQL keeps GIN (search) indexes row by row at ~1,500 rows/s; for a big load
  // they are set aside and rebuilt at the end from their own definitions, far faster.
  const setAside = dialectOf(db) === 'postgres' && count >= 100_000 ? await dropGinIndexes(db) : [];

  for (let from = 0; from < count; from += chunkSize) {
    const built: ReturnType<typeof buildRequest>[] = [];
    for (let i = from; i < Math.min(count, from + chunkSize); i++) {
      const created = Math.min(now, Math.floor(start + (i + random.next()) * slot));
      built.push(buildRequest(random, now, created, companyIds, accounts));
    }
    await db.transaction().execute(async (trx: Trx) => {
      for (let b = 0; b < built.length; b += batchSize) {
        const batch = built.slice(b, b + batchSize);
        const inserted = await trx
          .insertInto('repairRequests')
          .values(batch.map((item) => item.row))
          .returning(['id', 'trackingTokenHash'])
          .execute();
        const idByHash = new Map(inserted.map((r) => [r.trackingTokenHash, r.id]));
        const events = batch.flatMap((item) => {
          const requestId = idByHash.get(item.row.trackingTokenHash) as number;
          return item.events.map((e) => ({ ...e, requestId }));
        });
        for (let e = 0; e < events.length; e += 2000) {
          await trx
            .insertInto('requestEvents')
            .values(events.slice(e, e + 2000))
            .execute();
        }
      }
    });
    options.onProgress?.(Math.min(count, from + chunkSize));
  }
  // The search indexes (migrations 0052 and 0063) in one statement for the whole load, not by
  // the upkeep's rounds at the first search; on SQLite, with anything filed before it.
  await indexQueued(db, dialectOf(db) === 'sqlite' ? Number.MAX_SAFE_INTEGER : count + 1);
  if (setAside.length) {
    await db.transaction().execute(async (trx) => {
      await sql`set local maintenance_work_mem = '256MB'`.execute(trx);
      for (const definition of setAside) await sql.raw(definition).execute(trx);
    });
    await sql`analyze repair_requests`.execute(db);
    await sql`analyze request_search`.execute(db);
  }
  // SQLite's trigram indexes took a large segment per megabyte of terms; left alone, the filings
  // after a big load would merge them a piece at a time (seconds of slower writes: groups
  // of 40 at 9.5 ms at p50 instead of 3.5). One merge now (7 s for 1,000,000 rows).
  if (dialectOf(db) === 'sqlite' && count >= 100_000) {
    for (const index of ['repair_requests_search_name', 'repair_requests_search_contact']) {
      await sql.raw(`insert into ${index} (${index}) values ('optimize')`).execute(db);
    }
  }
  return count;
}

/** Drops the GIN (search) indexes of the requests' tables and answers their definitions. */
async function dropGinIndexes(db: Db): Promise<string[]> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where tablename in ('repair_requests', 'request_search') and schemaname = current_schema()
      and indexdef like '% USING gin %'`.execute(db);
  for (const row of rows) await sql`drop index ${sql.id(row.indexname)}`.execute(db);
  return rows.map((row) => row.indexdef);
}
