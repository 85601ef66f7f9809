// The public calls' statements (filing, the tracking read, the replay of an
// Idempotency-Key, the public list of companies), as Kysely queries compiled once per database.
import { type Kysely, sql } from 'kysely';
import type { NewOutboxEmail } from '../core/outbox/outbox.repository.ts';
import type { Db } from '../db/database.ts';
import { dialectOf } from '../db/database.ts';
import type { Database, NewRepairRequest, RepairRequest } from '../db/schema.ts';
import { publicRequestQuery } from './public-request-query.ts';
import { type Statement, slot, statement } from './statements.ts';

/** What the public create stores; the rest of the row takes its defaults. */
export type PublicRequestValues = Required<
  Pick<
    NewRepairRequest,
    | 'name'
    | 'email'
    | 'phone'
    | 'address'
    | 'reference'
    | 'problemType'
    | 'latitude'
    | 'longitude'
    | 'companyId'
    | 'poleId'
    | 'poleNumber'
    | 'district'
    | 'city'
    | 'areaRetryAt'
    | 'language'
    | 'trackingTokenHash'
    | 'idempotencyKeyHash'
    | 'idempotencyHash'
    | 'createdAt'
  >
>;

/** The tracking read: the request's public columns, its company's names and its status changes. */
export type PublicRequestRow = Pick<
  RepairRequest,
  | 'id'
  | 'name'
  | 'phone'
  | 'email'
  | 'address'
  | 'reference'
  | 'problemType'
  | 'latitude'
  | 'longitude'
  | 'companyId'
  | 'poleNumber'
  | 'status'
  | 'duplicateOfId'
  | 'trackingTokenHash'
  | 'createdAt'
  | 'updatedAt'
  | 'closedAt'
  | 'dueAt'
> & {
  companyName: string;
  companyFullName: string;
  /** The status changes as [status, at, event kind] triples, oldest first (JSON text on SQLite). */
  timeline: [string, string, string][] | string;
  /** The citizen's rating (decision 0050): its score and when, null until given; never its comment. */
  ratingScore: number | null;
  ratedAt: string | null;
  /** Whether it was ever moved to another company (a `transferred` event): 1/0 on SQLite. */
  transferred: boolean | number;
};

/** Each stored value of a filing with its PostgreSQL type, for the batched insert's arrays. */
const FILED_TYPES = {
  name: 'text',
  email: 'text',
  phone: 'text',
  address: 'text',
  reference: 'text',
  problemType: 'text',
  latitude: 'text',
  longitude: 'text',
  companyId: 'int',
  poleId: 'int',
  poleNumber: 'text',
  district: 'text',
  city: 'text',
  areaRetryAt: 'text',
  language: 'text',
  trackingTokenHash: 'text',
  idempotencyKeyHash: 'text',
  idempotencyHash: 'text',
  createdAt: 'text',
} as const satisfies Record<keyof PublicRequestValues, 'text' | 'int'>;

export const FILED_COLUMNS = Object.keys(FILED_TYPES) as (keyof PublicRequestValues)[];

const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** Named slots for every filed value: `{ name: slot('name'), … }`. */
const filedSlots = () =>
  Object.fromEntries(FILED_COLUMNS.map((column) => [column, slot(column)])) as unknown as PublicRequestValues;

export function requestStatements(db: Db) {
  const postgres = dialectOf(db) === 'postgres';
  const publicRequest = (k: Kysely<Database>) => publicRequestQuery(k, postgres);

  return {
    publicRequest: statement(db, 'acende_public_request', (k) =>
      publicRequest(k).where('r.id', '=', slot<number>('id')),
    ) satisfies Statement<PublicRequestRow>,
    /** Several numbers at once (PostgreSQL): the reads of one instant go together. */
    publicRequests: statement(db, 'acende_public_requests', (k) =>
      publicRequest(k).where('r.id', '=', sql<number>`any(${slot('ids')}::int[])`),
    ) satisfies Statement<PublicRequestRow>,
    byIdempotencyKey: statement(db, 'acende_by_idempotency_key', (k) =>
      k
        .selectFrom('repairRequests as r')
        .innerJoin('energyCompanies as c', 'c.id', 'r.companyId')
        .select(['r.id', 'r.idempotencyHash', 'r.dueAt', 'c.name as companyName'])
        .where('r.idempotencyKeyHash', '=', slot<string>('keyHash')),
    ),
    activeCompany: statement(db, 'acende_active_company', (k) =>
      k
        .selectFrom('energyCompanies')
        .select(['id', 'name'])
        .where('id', '=', slot<number>('companyId'))
        .where('active', '=', 1),
    ),
    insertRequest: statement(db, 'acende_insert_request', (k) =>
      k
        .insertInto('repairRequests')
        .values({ ...filedSlots(), status: 'open', updatedAt: slot('createdAt') })
        // due_at: PostgreSQL's BEFORE trigger's; SQLite's AFTER trigger runs after RETURNING (dueAtOf).
        .returning(['id', 'dueAt']),
    ),
    /** The due time the insert's trigger gave a request (migration 0033). */
    dueAtOf: statement(db, 'acende_due_at_of', (k) =>
      k.selectFrom('repairRequests').select('dueAt').where('id', '=', slot<number>('id')),
    ),
    insertCreatedEvent: statement(db, 'acende_insert_created_event', (k) =>
      k
        .insertInto('requestEvents')
        .values({ requestId: slot('requestId'), kind: 'created', toStatus: 'open', createdAt: slot('createdAt') }),
    ),
    insertOutbox: statement(db, 'acende_insert_outbox', (k) =>
      k.insertInto('emailOutbox').values({
        ...(Object.fromEntries(OUTBOX_COLUMNS.map((column) => [column, slot(column)])) as unknown as NewOutboxEmail),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: slot('createdAt'),
      }),
    ),
    fileBatch: postgres ? fileBatchStatement(db) : undefined,
    insertOutboxes: postgres ? outboxBatchStatement(db) : undefined,
    activeCompanies: statement(db, 'acende_active_companies', (k) =>
      k
        .selectFrom('energyCompanies')
        .select(['id', 'name', 'fullName', 'colorClass', 'iconClass'])
        .where('active', '=', 1)
        .orderBy('name')
        .orderBy('id'),
    ),
  };
}

export type RequestStatements = ReturnType<typeof requestStatements>;

/** Each queued e-mail value with its PostgreSQL type, for the batched insert's arrays. */
const OUTBOX_TYPES = {
  kind: 'text',
  toAddress: 'text',
  subject: 'text',
  textBody: 'text',
  htmlBody: 'text',
  messageId: 'text',
  requestId: 'int',
  adminId: 'int',
  createdAt: 'text',
} as const satisfies Partial<Record<keyof NewOutboxEmail, 'text' | 'int'>>;

export const OUTBOX_COLUMNS = Object.keys(OUTBOX_TYPES) as (keyof typeof OUTBOX_TYPES)[];

/** A batch's confirmations in one statement over arrays (PostgreSQL), not one insert each. */
function outboxBatchStatement(db: Db) {
  const arrays = sql.join(OUTBOX_COLUMNS.map((column) => sql`${slot(column)}::${sql.raw(OUTBOX_TYPES[column])}[]`));
  const inputColumns = sql.raw(`t(${OUTBOX_COLUMNS.map(snake).join(', ')})`);
  return statement(db, 'acende_insert_outboxes', (k) =>
    k
      .insertInto('emailOutbox')
      .columns([...OUTBOX_COLUMNS, 'status', 'attempts', 'nextAttemptAt'])
      .expression((e) =>
        e
          .selectFrom(sql<NewOutboxEmail>`unnest(${arrays})`.as<'t'>(inputColumns))
          .select([
            ...OUTBOX_COLUMNS.map((column) => `t.${column}` as const),
            sql.lit('pending').as('status'),
            sql.lit(0).as('attempts'),
            't.createdAt as nextAttemptAt',
          ]),
      ),
  );
}

/**
 * PostgreSQL files the requests of one instant in one statement over arrays (one round trip,
 * one commit, and the counters' statement trigger once for all). A same-key retry in the
 * same batch carries the same tracking hash (the token comes from the key and the body), so it
 * maps to the one row stored; a row skipped by the key's unique index is a duplicate key;
 * the second part says which of the companies asked for are active.
 */
function fileBatchStatement(db: Db) {
  const arrays = sql.join(FILED_COLUMNS.map((column) => sql`${slot(column)}::${sql.raw(FILED_TYPES[column])}[]`));
  const inputColumns = sql.raw(`t(${[...FILED_COLUMNS.map(snake), 'ord'].join(', ')})`);
  return statement(db, 'acende_file_requests', (k) =>
    k
      .with('input', (q) =>
        q
          .selectFrom(
            sql<PublicRequestValues & { ord: number }>`unnest(${arrays}) with ordinality`.as<'t'>(inputColumns),
          )
          .selectAll(),
      )
      .with('r', (q) =>
        q
          .insertInto('repairRequests')
          .columns([...FILED_COLUMNS, 'status', 'updatedAt', 'dueAt'])
          .expression((e) =>
            e
              .selectFrom('input as i')
              .innerJoin('energyCompanies as c', (join) =>
                join.onRef('c.id', '=', 'i.companyId').on('c.active', '=', 1),
              )
              // The repair date as the due-date trigger makes it (migration 0033), for all the
              // batch's rows at once: the trigger then finds it set and skips its two lookups
              // per row (issue 40). Without a target it stays null and the trigger looks again.
              .leftJoin('companyRepairTargets as ct', (join) =>
                join.onRef('ct.companyId', '=', 'c.id').onRef('ct.problemType', '=', 'i.problemType'),
              )
              .leftJoin('repairTargets as rt', 'rt.problemType', 'i.problemType')
              // In the order of the columns above; the company as the active one found.
              .select([
                ...FILED_COLUMNS.map((column) =>
                  column === 'companyId' ? 'c.id as companyId' : (`i.${column}` as const),
                ),
                sql.lit('open').as('status'),
                'i.createdAt as updatedAt',
                sql<
                  string | null
                >`to_char((i.created_at::timestamptz + make_interval(hours => coalesce(ct.hours, rt.hours))) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as(
                  'dueAt',
                ),
              ])
              .orderBy('i.ord'),
          )
          .onConflict((conflict) => conflict.column('idempotencyKeyHash').doNothing())
          .returning(['id', 'companyId', 'trackingTokenHash', 'createdAt', 'dueAt']),
      )
      .with('e', (q) =>
        q
          .insertInto('requestEvents')
          .columns(['requestId', 'kind', 'toStatus', 'createdAt'])
          .expression((e) =>
            e
              .selectFrom('r')
              .select(['r.id', sql.lit('created').as('kind'), sql.lit('open').as('toStatus'), 'r.createdAt']),
          ),
      )
      .selectFrom('r')
      .innerJoin('energyCompanies as c', 'c.id', 'r.companyId')
      .select([
        'r.id',
        'r.trackingTokenHash as hash',
        'c.name as companyName',
        'r.dueAt',
        sql<number | null>`null::int`.as('activeCompany'),
      ])
      .unionAll((q) =>
        q
          .selectFrom('energyCompanies as c')
          .select([
            sql<number>`null`.as('id'),
            sql<string>`null`.as('hash'),
            sql<string>`null`.as('companyName'),
            sql<string | null>`null`.as('dueAt'),
            'c.id as activeCompany',
          ])
          .where('c.active', '=', 1)
          .where('c.id', 'in', (s) => s.selectFrom('input').select('input.companyId')),
      ),
  );
}
