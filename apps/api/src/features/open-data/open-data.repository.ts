// The open-data feed's reads (decision 0039): keyset pages of requests by number, and the
// few figures the feed's version (ETag, Last-Modified) is made of. No contact column is read.
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
}

/** Requests numbered after `afterId` up to `upToId`, at most `limit`, by number (the primary key). */
export function readOpenDataPage(db: Db, afterId: number, upToId: number, limit: number): Promise<OpenDataRow[]> {
  return db
    .selectFrom('repairRequests')
    .select([
      'id',
      'problemType',
      'status',
      'companyId',
      'district',
      'city',
      'latitude',
      'longitude',
      'createdAt',
      'closedAt',
      'duplicateOfId',
    ])
    .where('id', '>', afterId)
    .where('id', '<=', upToId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface OpenDataVersion {
  /** The last request the feed holds: rows filed while it streams are left to the next version. */
  maxId: number;
  /** The newest change of a request or a company (ISO text), or null on an empty database. */
  lastChange: string | null;
  /** Requests still waiting for their area: the retry worker fills it without touching updated_at. */
  pendingAreas: number;
}

/** Each figure from an index: the primary key, (updated_at, id) of 0025 and the partial index of 0023. */
export async function readOpenDataVersion(db: Db): Promise<OpenDataVersion> {
  const [requests, lastRequest, companies, pending] = await Promise.all([
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
  ]);
  const changes = [lastRequest?.lastChange, companies?.lastChange].filter((c): c is string => Boolean(c)).sort();
  return {
    maxId: Number(requests?.maxId ?? 0),
    lastChange: changes.at(-1) ?? null,
    pendingAreas: Number(pending?.n ?? 0),
  };
}

/** Every company's short name by id: few rows, read once per file so a file names them alike. */
export async function readCompanyNames(db: Db): Promise<Map<number, string>> {
  const rows = await db.selectFrom('energyCompanies').select(['id', 'name']).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
