// The open-data feed's reads (decision 0039): keyset pages of requests by number, and the
// few figures the feed's version (ETag, Last-Modified) is made of. No contact column is read.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface OpenDataRow {
  id: number;
  problemType: string;
  status: string;
  companyId: number;
  district: string | null;
  city: string | null;
  latitude: string;
  longitude: string;
  createdAt: string;
  closedAt: string | null;
  duplicateOfId: number | null;
  /** The citizen's score, 1–5, or null (decision 0050); the comment is never read here. */
  rating: number | null;
}

/** Requests numbered after `afterId` up to `upToId`, at most `limit`, by number (the primary key). */
export function readOpenDataPage(db: Db, afterId: number, upToId: number, limit: number): Promise<OpenDataRow[]> {
  return db
    .selectFrom('repairRequests')
    .leftJoin('requestRatings', 'requestRatings.requestId', 'repairRequests.id')
    .select([
      'repairRequests.id',
      'repairRequests.problemType',
      'repairRequests.status',
      'repairRequests.companyId',
      'repairRequests.district',
      'repairRequests.city',
      'repairRequests.latitude',
      'repairRequests.longitude',
      'repairRequests.createdAt',
      'repairRequests.closedAt',
      'repairRequests.duplicateOfId',
      'requestRatings.score as rating',
    ])
    .where('repairRequests.id', '>', afterId)
    .where('repairRequests.id', '<=', upToId)
    .orderBy('repairRequests.id')
    .limit(limit)
    .execute();
}

export interface OpenDataVersion {
  /** The last request the feed holds: rows filed while it streams are left to the next version. */
  maxId: number;
  /** The newest change of a request, a company or a rating (ISO text), or null on an empty database. */
  lastChange: string | null;
  /** Requests still waiting for their area: the retry worker fills it without touching updated_at. */
  pendingAreas: number;
  /**
   * Writes to requests and companies so far (migration 0049): bumped in each write's own
   * transaction, so a late commit whose updated_at is older than the newest still changes it.
   */
  changes: string;
}

/** Each figure from an index: the primary key, (updated_at, id) of 0025 and the partial index of 0023. */
export async function readOpenDataVersion(db: Db): Promise<OpenDataVersion> {
  const [requests, lastRequest, companies, pending, writes, lastRating] = await Promise.all([
    db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.max('id').as('maxId'))
      .executeTakeFirst(),
    db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.max('updatedAt').as('lastChange'))
      .executeTakeFirst(),
    db
      .selectFrom('energyCompanies')
      .select((eb) => eb.fn.max('updatedAt').as('lastChange'))
      .executeTakeFirst(),
    db
      .selectFrom('repairRequests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('areaRetryAt', 'is not', null)
      .executeTakeFirst(),
    sql<{ n: string | number | null }>`select sum(n) as n from feed_changes`.execute(db),
    // A rating writes the files' rating column without touching the request (decision 0050).
    db
      .selectFrom('requestRatings')
      .select((eb) => eb.fn.max('createdAt').as('lastChange'))
      .executeTakeFirst(),
  ]);
  const changes = [lastRequest?.lastChange, companies?.lastChange, lastRating?.lastChange]
    .filter((c): c is string => Boolean(c))
    .sort();
  return {
    maxId: Number(requests?.maxId ?? 0),
    lastChange: changes.at(-1) ?? null,
    pendingAreas: Number(pending?.n ?? 0),
    changes: String(writes.rows[0]?.n ?? 0),
  };
}

/** Every company's short name by id: few rows, read once per file so a file names them alike. */
export async function readCompanyNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('energyCompanies').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
