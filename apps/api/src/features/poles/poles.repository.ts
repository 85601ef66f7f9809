// The pole registry's SQL (issue 21). The list reads by number through the indexes of
// migration 0027: numbers compare byte-wise on both engines (collate "C" on PostgreSQL), so a
// number prefix is an index range; the street search uses each engine's trigram index.
import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type Db, type Dialect, dialectOf } from '../../db/database.ts';
import type { Database, NewPole } from '../../db/schema.ts';

/** Company ids an account may see; null for every company. */
export type Scope = number[] | null;

export interface PoleFilters {
  /** A normalised number prefix to look for, when the typed text can begin one. */
  numberPrefix?: string;
  /** Text the street should contain. */
  street?: string;
  companyId?: number;
  active?: boolean;
}

const COLUMNS = [
  'poles.id',
  'poles.companyId',
  'energyCompanies.name as companyName',
  'poles.number',
  'poles.latitude',
  'poles.longitude',
  'poles.street',
  'poles.description',
  'poles.active',
  'poles.createdAt',
  'poles.updatedAt',
] as const;

/** The number as the indexes order it: byte-wise on both engines. */
const numberKey = (dialect: Dialect) =>
  dialect === 'postgres' ? sql<string>`poles.number collate "C"` : sql<string>`poles.number`;

/** Every allowed number character sorts below '~': [prefix, prefix~) holds exactly the numbers that begin with it. */
const PREFIX_END = '~';

function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function matches(
  eb: ExpressionBuilder<Database, 'poles'>,
  dialect: Dialect,
  filters: PoleFilters,
): Expression<SqlBool> {
  const key = numberKey(dialect);
  const all: Expression<SqlBool>[] = [];
  const byNumber = filters.numberPrefix
    ? eb.and([eb(key, '>=', filters.numberPrefix), eb(key, '<', `${filters.numberPrefix}${PREFIX_END}`)])
    : undefined;
  if (filters.street && dialect === 'postgres') {
    // ILIKE uses the trigram GIN index; with a number prefix, a BitmapOr of the two indexes.
    const byStreet = sql<SqlBool>`poles.street ilike ${containsPattern(filters.street)} escape '\\'`;
    all.push(byNumber ? eb.or([byNumber, byStreet]) : byStreet);
  } else if (filters.street) {
    // The FTS5 trigram table: a quoted phrase matches where the text is a part of the street.
    // The ids of both searches, as one set: SQLite's planner does not mix an OR of a range and
    // a virtual table's match (it fails on it with a partial index about).
    const phrase = `"${filters.street.replace(/"/g, '""')}"`;
    const streetIds = sql`select rowid from poles_street_search where poles_street_search match ${phrase}`;
    all.push(
      filters.numberPrefix
        ? sql<SqlBool>`poles.id in (select id from poles where number >= ${filters.numberPrefix} and number < ${`${filters.numberPrefix}${PREFIX_END}`} union ${streetIds})`
        : sql<SqlBool>`poles.id in (${streetIds})`,
    );
  } else if (byNumber) {
    all.push(byNumber);
  }
  if (filters.companyId !== undefined) all.push(eb('poles.companyId', '=', filters.companyId));
  if (filters.active !== undefined) all.push(eb('poles.active', '=', filters.active ? 1 : 0));
  return eb.and(all);
}

function scoped<O>(query: SelectQueryBuilder<Database, 'poles', O>, scope: Scope) {
  // An empty scope never comes from companyScope (null means all); it still sees nothing.
  if (scope === null) return query;
  return scope.length ? query.where('poles.companyId', 'in', scope) : query.where(sql<SqlBool>`1 = 0`);
}

export async function listPoles(db: Db, scope: Scope, filters: PoleFilters, page: { offset: number; limit: number }) {
  const dialect = dialectOf(db);
  return scoped(db.selectFrom('poles'), scope)
    .innerJoin('energyCompanies', 'energyCompanies.id', 'poles.companyId')
    .where((eb) => matches(eb, dialect, filters))
    .select(COLUMNS)
    .orderBy(numberKey(dialect))
    .orderBy('poles.companyId')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many poles match, counted no further than `cap` (then `cap` itself). */
export async function countPoles(db: Db, scope: Scope, filters: PoleFilters, cap: number): Promise<number> {
  const dialect = dialectOf(db);
  const capped = scoped(db.selectFrom('poles'), scope)
    .where((eb) => matches(eb, dialect, filters))
    .select(sql<number>`1`.as('one'))
    .limit(cap)
    .as('capped');
  const row = await db
    .selectFrom(capped)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findPole(db: Db, scope: Scope, id: number) {
  return scoped(db.selectFrom('poles'), scope)
    .innerJoin('energyCompanies', 'energyCompanies.id', 'poles.companyId')
    .where('poles.id', '=', id)
    .select(COLUMNS)
    .executeTakeFirst();
}

export async function companyExists(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('energyCompanies').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function insertPole(db: Db, values: NewPole): Promise<number> {
  const row = await db.insertInto('poles').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePole(db: Db, id: number, values: Omit<NewPole, 'id' | 'createdAt'>): Promise<boolean> {
  const result = await db.updateTable('poles').set(values).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
