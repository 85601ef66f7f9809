// The public calls' statements (filing, the tracking read, the replay of an
// Idempotency-Key, the public list of companies), as Kysely queries compiled once per database.
import { type Kysely, sql } from 'kysely';
import type { NewChannelMessage } from '../core/channels/channel-outbox.repository.ts';
import type { NewOutboxEmail } from '../core/outbox/outbox.repository.ts';
import type { Db } from '../db/database.ts';
import { dialectOf } from '../db/database.ts';
import type { Database, RepairRequest } from '../db/schema.ts';
import { FILED_COLUMNS, filedSlots, type PublicRequestValues } from './filed-values.ts';
import { publicRequestQuery } from './public-request-query.ts';
import {
  fileBatchStatement,
  MESSAGE_COLUMNS,
  MESSAGE_TYPES,
  OUTBOX_COLUMNS,
  OUTBOX_TYPES,
  unnestInsert,
} from './request-batch-statements.ts';
import { type Statement, slot, statement } from './statements.ts';

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
    insertChannelMessage: statement(db, 'acende_insert_channel_message', (k) =>
      k.insertInto('channelOutbox').values({
        ...(Object.fromEntries(
          MESSAGE_COLUMNS.map((column) => [column, slot(column)]),
        ) as unknown as NewChannelMessage),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: slot('createdAt'),
      }),
    ),
    fileBatch: postgres ? fileBatchStatement(db) : undefined,
    insertOutboxes: postgres ? unnestInsert(db, 'acende_insert_outboxes', 'emailOutbox', OUTBOX_TYPES) : undefined,
    insertChannelMessages: postgres
      ? unnestInsert(db, 'acende_insert_channel_messages', 'channelOutbox', MESSAGE_TYPES)
      : undefined,
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

export type { PublicRequestValues };
export { FILED_COLUMNS, MESSAGE_COLUMNS, OUTBOX_COLUMNS };
