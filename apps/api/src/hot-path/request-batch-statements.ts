// PostgreSQL's batch statements of the hot path (issue 40): the filings of one instant in one
// statement over arrays, and their queued e-mails and SMS likewise.
import { sql } from 'kysely';
import type { NewChannelMessage } from '../core/channels/channel-outbox.repository.ts';
import type { NewOutboxEmail } from '../core/outbox/outbox.repository.ts';
import type { Db } from '../db/database.ts';
import { FILED_COLUMNS, FILED_TYPES, type PublicRequestValues, snake } from './filed-values.ts';
import { slot, statement } from './statements.ts';

/** Each queued e-mail value with its PostgreSQL type, for the batched insert's arrays. */
export const OUTBOX_TYPES = {
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

/** Each queued channel message value with its PostgreSQL type (SMS and the channels after it). */
export const MESSAGE_TYPES = {
  channel: 'text',
  kind: 'text',
  requestId: 'int',
  toAddress: 'text',
  body: 'text',
  language: 'text',
  createdAt: 'text',
} as const satisfies Record<keyof NewChannelMessage, 'text' | 'int'>;

export const MESSAGE_COLUMNS = Object.keys(MESSAGE_TYPES) as (keyof typeof MESSAGE_TYPES)[];

/**
 * A batch's queued messages (its confirmation e-mails, its SMS) in one statement over arrays
 * (PostgreSQL), not one insert each: one array per column, the i-th element the i-th row's.
 */
export function unnestInsert<T extends Record<string, 'text' | 'int'>>(
  db: Db,
  name: string,
  table: 'emailOutbox' | 'channelOutbox',
  types: T,
) {
  const columns = Object.keys(types) as (keyof T & string)[];
  const arrays = sql.join(columns.map((column) => sql`${slot(column)}::${sql.raw(types[column] as string)}[]`));
  const inputColumns = sql.raw(`t(${columns.map(snake).join(', ')})`);
  return statement(db, name, (k) =>
    k
      .insertInto(table as 'emailOutbox')
      .columns([...columns, 'status', 'attempts', 'nextAttemptAt'] as never)
      .expression((e) =>
        e
          .selectFrom(sql<Record<string, unknown>>`unnest(${arrays})`.as<'t'>(inputColumns))
          .select([
            ...columns.map((column) => sql.ref(`t.${column}`).as(column)),
            sql.lit('pending').as('status'),
            sql.lit(0).as('attempts'),
            sql.ref('t.createdAt').as('nextAttemptAt'),
          ] as never),
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
export function fileBatchStatement(db: Db) {
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
