// The SQL of the three reports. Every query goes through reportWhere(), which applies
// the caller's company scope (decision 0002 §3) with the filters, so no report can forget it.
// Exports read rows in keyset batches, so a report of any size is never held whole.

import { setImmediate as nextTurn } from 'node:timers/promises';
import { MAX_ID } from '@acende/shared/constants';
import type { ProblemType, RequestStatus } from '@acende/shared/enums';
import { parseAreaKey, type ReportFilters } from '@acende/shared/schemas/reports';
import { type ExpressionBuilder, type RawBuilder, sql } from 'kysely';
import { type Db, dialectOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

/** Filters turned into what SQL needs: created-at bounds as UTC instants. */
export interface ReportCriteria {
  scope: number[] | null;
  filters: ReportFilters;
  createdFrom: string | null;
  createdBefore: string | null;
}

type RequestsEb = ExpressionBuilder<Database, 'repairRequests'>;

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function reportWhere(eb: RequestsEb, criteria: ReportCriteria) {
  const { scope, filters: f } = criteria;
  const conditions = [];
  // An empty scope list never happens (companyScope gives null for no links); guard anyway.
  if (scope) conditions.push(scope.length ? eb('repairRequests.companyId', 'in', scope) : sql<boolean>`1 = 0`);
  if (f.status) conditions.push(eb('repairRequests.status', '=', f.status));
  if (criteria.createdFrom) conditions.push(eb('repairRequests.createdAt', '>=', criteria.createdFrom));
  if (criteria.createdBefore) conditions.push(eb('repairRequests.createdAt', '<', criteria.createdBefore));
  if (f.assigneeId) conditions.push(eb('repairRequests.assignedToId', '=', f.assigneeId));
  if (f.companyId) conditions.push(eb('repairRequests.companyId', '=', f.companyId));
  if (f.problemType) conditions.push(eb('repairRequests.problemType', '=', f.problemType));
  if (f.pole) conditions.push(eb('repairRequests.poleNumber', '=', f.pole));
  if (f.area !== undefined) {
    const { city, district } = parseAreaKey(f.area);
    conditions.push(city === null ? eb('repairRequests.city', 'is', null) : eb('repairRequests.city', '=', city));
    conditions.push(
      district === null ? eb('repairRequests.district', 'is', null) : eb('repairRequests.district', '=', district),
    );
  }
  if (f.q) {
    const pattern = likePattern(f.q);
    const like = (column: 'name' | 'phone' | 'address') =>
      sql<boolean>`lower(${sql.ref(`repairRequests.${column}`)}) like ${pattern} escape '\\'`;
    const any = [like('name'), like('phone'), like('address')];
    if (/^\d{1,10}$/.test(f.q) && Number(f.q) <= MAX_ID) {
      any.push(sql<boolean>`${sql.ref('repairRequests.id')} = ${Number(f.q)}`);
    }
    conditions.push(eb.or(any));
  }
  return eb.and(conditions);
}

/** When a completed request was completed: its last "completed" event, else its last update. */
function completedAtExpr(): RawBuilder<string | null> {
  return sql<
    string | null
  >`case when ${sql.ref('repairRequests.status')} = 'completed' then coalesce((select max(e.created_at) from request_events e where e.request_id = ${sql.ref('repairRequests.id')} and e.to_status = 'completed'), ${sql.ref('repairRequests.updatedAt')}) end`;
}

/** Seconds from creation to completion, computed by the engine. */
function durationExpr(db: Db): RawBuilder<number> {
  const completed = sql`coalesce((select max(e.created_at) from request_events e where e.request_id = ${sql.ref('repairRequests.id')} and e.to_status = 'completed'), ${sql.ref('repairRequests.updatedAt')})`;
  const created = sql.ref('repairRequests.createdAt');
  return dialectOf(db) === 'postgres'
    ? sql<number>`extract(epoch from (cast(${completed} as timestamptz) - cast(${created} as timestamptz)))`
    : sql<number>`(julianday(${completed}) - julianday(${created})) * 86400.0`;
}

/** Counts by status, problem type and company in one pass (names are joined by the caller). */
export async function countGroups(db: Db, criteria: ReportCriteria) {
  const rows = await db
    .selectFrom('repairRequests')
    .select((eb) => [
      'repairRequests.status',
      'repairRequests.problemType',
      'repairRequests.companyId',
      eb.fn.countAll<number>().as('n'),
    ])
    .where((eb) => reportWhere(eb, criteria))
    .groupBy(['repairRequests.status', 'repairRequests.problemType', 'repairRequests.companyId'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export function listCompanyNames(db: Db) {
  return db.selectFrom('energyCompanies').select(['id', 'name']).execute();
}

/** Completion times of the matching completed requests, in seconds, ascending. */
export async function listCompletionSeconds(db: Db, criteria: ReportCriteria): Promise<number[]> {
  const rows = await db
    .selectFrom('repairRequests')
    .select(durationExpr(db).as('seconds'))
    .where((eb) => reportWhere(eb, criteria))
    .where('repairRequests.status', '=', 'completed')
    .orderBy('seconds')
    .execute();
  return rows.map((r) => Number(r.seconds));
}

/** Completion times per area, ascending within each area. */
export function listCompletionSecondsByArea(db: Db, criteria: ReportCriteria) {
  return db
    .selectFrom('repairRequests')
    .select(['repairRequests.city', 'repairRequests.district', durationExpr(db).as('seconds')])
    .where((eb) => reportWhere(eb, criteria))
    .where('repairRequests.status', '=', 'completed')
    .orderBy('seconds')
    .execute();
}

// Names come from scalar subqueries rather than joins, so both engines walk the
// primary key in order and a batch never sorts the whole table.
function requestRowsQuery(db: Db, criteria: ReportCriteria) {
  const id = sql.ref('repairRequests.id');
  return db
    .selectFrom('repairRequests')
    .select([
      'repairRequests.id',
      'repairRequests.createdAt',
      'repairRequests.status',
      'repairRequests.problemType',
      'repairRequests.address',
      'repairRequests.city',
      'repairRequests.district',
      'repairRequests.companyId',
      sql<string>`(select c.name from energy_companies c where c.id = ${sql.ref('repairRequests.companyId')})`.as(
        'companyName',
      ),
      'repairRequests.assignedToId as assigneeId',
      sql<
        string | null
      >`coalesce((select a.name from admins a where a.id = ${sql.ref('repairRequests.assignedToId')}), ${sql.ref('repairRequests.assignedTo')})`.as(
        'assignee',
      ),
      'repairRequests.poleNumber',
      completedAtExpr().as('completedAt'),
    ])
    .where((eb) => reportWhere(eb, criteria))
    .orderBy(id, 'desc');
}

export interface RequestRecord {
  id: number;
  createdAt: string;
  status: RequestStatus;
  problemType: ProblemType;
  address: string;
  city: string | null;
  district: string | null;
  companyId: number;
  companyName: string;
  assigneeId: number | null;
  assignee: string | null;
  poleNumber: string | null;
  completedAt: string | null;
}

export async function listRequestRows(
  db: Db,
  criteria: ReportCriteria,
  page: { offset: number; limit: number },
): Promise<RequestRecord[]> {
  const rows = await requestRowsQuery(db, criteria).limit(page.limit).offset(page.offset).execute();
  return rows as RequestRecord[];
}

/** Every matching request, newest first, `batchSize` rows at a time (keyset on id). */
export async function* iterateRequestRows(
  db: Db,
  criteria: ReportCriteria,
  batchSize = 1000,
): AsyncGenerator<RequestRecord[]> {
  let before: number | null = null;
  for (;;) {
    let query = requestRowsQuery(db, criteria).limit(batchSize);
    if (before !== null) query = query.where('repairRequests.id', '<', before);
    const rows = (await query.execute()) as RequestRecord[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    before = (rows[rows.length - 1] as RequestRecord).id;
    // better-sqlite3 answers synchronously: let other requests and the socket have a turn.
    await nextTurn();
  }
}

export interface PointRecord {
  id: number;
  latitude: string;
  longitude: string;
  status: RequestStatus;
  problemType: ProblemType;
  address: string;
}

function pointsQuery(db: Db, criteria: ReportCriteria) {
  return db
    .selectFrom('repairRequests')
    .select([
      'repairRequests.id',
      'repairRequests.latitude',
      'repairRequests.longitude',
      'repairRequests.status',
      'repairRequests.problemType',
      'repairRequests.address',
    ])
    .where((eb) => reportWhere(eb, criteria))
    .orderBy('repairRequests.id', 'desc');
}

export async function listPoints(db: Db, criteria: ReportCriteria, page: { offset: number; limit: number }) {
  return (await pointsQuery(db, criteria).limit(page.limit).offset(page.offset).execute()) as PointRecord[];
}

export async function* iteratePoints(
  db: Db,
  criteria: ReportCriteria,
  batchSize = 2000,
): AsyncGenerator<PointRecord[]> {
  let before: number | null = null;
  for (;;) {
    let query = pointsQuery(db, criteria).limit(batchSize);
    if (before !== null) query = query.where('repairRequests.id', '<', before);
    const rows = (await query.execute()) as PointRecord[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < batchSize) return;
    before = (rows[rows.length - 1] as PointRecord).id;
    await nextTurn();
  }
}

/** The bounding box of the matching points (for the PDF's projected frame). */
export async function findPointBounds(db: Db, criteria: ReportCriteria) {
  const real = sql.raw(dialectOf(db) === 'postgres' ? 'double precision' : 'real');
  const lat = sql<number>`cast(${sql.ref('repairRequests.latitude')} as ${real})`;
  const lon = sql<number>`cast(${sql.ref('repairRequests.longitude')} as ${real})`;
  const row = await db
    .selectFrom('repairRequests')
    .select((eb) => [
      eb.fn.min(lat).as('minLat'),
      eb.fn.max(lat).as('maxLat'),
      eb.fn.min(lon).as('minLon'),
      eb.fn.max(lon).as('maxLon'),
    ])
    .where((eb) => reportWhere(eb, criteria))
    .executeTakeFirst();
  if (!row || row.minLat === null || row.minLat === undefined) return null;
  return {
    minLat: Number(row.minLat),
    maxLat: Number(row.maxLat),
    minLon: Number(row.minLon),
    maxLon: Number(row.maxLon),
  };
}

/** Counts per area and status. */
export async function countByArea(db: Db, criteria: ReportCriteria) {
  const rows = await db
    .selectFrom('repairRequests')
    .select((eb) => [
      'repairRequests.city',
      'repairRequests.district',
      'repairRequests.status',
      eb.fn.countAll<number>().as('n'),
    ])
    .where((eb) => reportWhere(eb, criteria))
    .groupBy(['repairRequests.city', 'repairRequests.district', 'repairRequests.status'])
    .execute();
  return rows.map((r) => ({ ...r, n: Number(r.n), status: r.status as RequestStatus }));
}
