// The public calls' one way to the database (decisions 0011, 0012, 0017): filing a request,
// reading it back (the tracking page and an Idempotency-Key's replay), the public list of
// companies, and the tracking read answered before Fastify. Their statements are Kysely
// queries compiled once (request-statements.ts). With FAST_PATH on (the default) they run
// prepared on the driver (SQLite's grouped writes and read-only reader, PostgreSQL's
// batches); with FAST_PATH=off the same statements run through Kysely one call at a time
// and the routes answer everything: the two answer the same (hot-path.test.ts).

import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { NewChannelMessage } from '../core/channels/channel-outbox.repository.ts';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { LimitStore } from '../lib/limit-store.ts';
import { batcher, groupedSqliteWrite, kept, type Outcome, prepared, sharedRead, sqliteRowReader } from './batching.ts';
import type { ActiveCompany, FileJob, FileOutcome, HotPath } from './hot-path.types.ts';
import { postgresLimitStore } from './limit-counters.ts';
import { rawHandles } from './raw-handles.ts';
import {
  FILED_COLUMNS,
  MESSAGE_COLUMNS,
  OUTBOX_COLUMNS,
  type PublicRequestRow,
  type RequestStatements,
  requestStatements,
} from './request-statements.ts';
import { postgresSettingsWatch, unwatchedSettings } from './settings-watch.ts';
import { bound, type Statement } from './statements.ts';
import { trackingListener } from './tracking-listener.ts';

// Reads of one instant shared, for the filing's own checks (the e-mail setting, the pole).
export { perOwner, readByKeyPerInstant, sharedRead } from './batching.ts';
export type {
  ActiveCompany,
  ConfirmationFor,
  Filed,
  FileOutcome,
  HotPath,
  MessagesFor,
} from './hot-path.types.ts';
export type { PublicRequestRow, PublicRequestValues } from './request-statements.ts';
export type { FastPath } from './tracking-listener.ts';

const hotPaths = new WeakMap<Db, Map<string, HotPath>>();

/** The hot path of `db` (one per database and mode; its statements are compiled once). */
export function createHotPath(db: Db, options: { fast: boolean }): HotPath {
  return kept(hotPaths, db, options.fast ? 'fast' : 'plain', () => {
    const statements = requestStatements(db);
    return options.fast ? fastHotPath(db, statements) : plainHotPath(db, statements);
  });
}

/** The request insert met the unique index of its Idempotency-Key. */
class DuplicateKey extends Error {}

/** FAST_PATH=off: every call through Kysely, one at a time. */
function plainHotPath(db: Db, s: RequestStatements): HotPath {
  return {
    async fileRequest(values, confirmation, messages) {
      try {
        return await db.transaction().execute(async (trx): Promise<FileOutcome> => {
          const company = (await trx.executeQuery(bound(s.activeCompany, values))).rows[0];
          if (!company) return 'company-unavailable';
          let inserted: { id: number; dueAt: string | null };
          try {
            inserted = (await trx.executeQuery(bound(s.insertRequest, values))).rows[0] as typeof inserted;
          } catch (error) {
            // Only the request's own key may make a duplicate; the transaction is rolled back.
            if (values.idempotencyKeyHash && isUniqueViolation(error)) throw new DuplicateKey();
            throw error;
          }
          const { id } = inserted;
          const dueAt = inserted.dueAt ?? (await trx.executeQuery(bound(s.dueAtOf, { id }))).rows[0]?.dueAt ?? null;
          await trx.executeQuery(bound(s.insertCreatedEvent, { requestId: id, createdAt: values.createdAt }));
          const filed = { id, companyName: company.name, dueAt };
          const email = confirmation?.(filed);
          if (email) await trx.executeQuery(bound(s.insertOutbox, email));
          for (const message of messages?.(filed) ?? []) {
            await trx.executeQuery(bound(s.insertChannelMessage, message));
          }
          return filed;
        });
      } catch (error) {
        if (error instanceof DuplicateKey) return 'duplicate-key';
        throw error;
      }
    },
    findByIdempotencyKey: async (keyHash) => (await db.executeQuery(bound(s.byIdempotencyKey, { keyHash }))).rows[0],
    findPublicRequest: async (id) => (await db.executeQuery(bound(s.publicRequest, { id }))).rows[0],
    listActiveCompanies: async () => (await db.executeQuery(bound(s.activeCompanies, {}))).rows,
    trackingListener: () => undefined,
    sharedLimitStore: () => sharedLimits(db),
    settings: unwatchedSettings,
  };
}

function sharedLimits(db: Db): LimitStore | undefined {
  const raw = rawHandles(db);
  return raw.dialect === 'postgres' ? postgresLimitStore(raw.pool) : undefined;
}

/** FAST_PATH on: prepared statements on the driver, grouped or batched per instant. */
function fastHotPath(db: Db, s: RequestStatements): HotPath {
  const raw = rawHandles(db);
  return raw.dialect === 'sqlite' ? fastSqliteHotPath(db, s, raw.reader) : fastPostgresHotPath(db, s, raw.pool);
}

/** SQLite: reads on the read-only connection, at once; writes grouped on the writer. */
function fastSqliteHotPath(db: Db, s: RequestStatements, reader: SQLite.Database): HotPath {
  const read = <R>(statement: Statement<R>, v: object) =>
    prepared(reader, statement.sql).get(...statement.bind(v)) as R | undefined;
  // The tracking read answers at once (better-sqlite3 is synchronous): the listener sends it
  // in the same turn.
  const readNow = sqliteRowReader(reader, s.publicRequest) as (id: number) => PublicRequestRow | undefined;
  const companies = sharedRead(
    () => prepared(reader, s.activeCompanies.sql).all(...s.activeCompanies.bind({})) as ActiveCompany[],
  );
  return {
    fileRequest: (values, confirmation, messages) =>
      groupedSqliteWrite(db, (writer) => {
        const run = <R>(statement: Statement<R>, v: object) =>
          prepared(writer, statement.sql).get(...statement.bind(v)) as R | undefined;
        const company = run(s.activeCompany, values);
        if (!company) return 'company-unavailable';
        let id: number;
        try {
          ({ id } = run(s.insertRequest, values) as { id: number });
        } catch (error) {
          if (values.idempotencyKeyHash && isUniqueViolation(error)) return 'duplicate-key';
          throw error;
        }
        // The AFTER INSERT trigger's due time is not in RETURNING: read back in the same transaction.
        const dueAt = run(s.dueAtOf, { id })?.dueAt ?? null;
        prepared(writer, s.insertCreatedEvent.sql).run(
          ...s.insertCreatedEvent.bind({ requestId: id, createdAt: values.createdAt }),
        );
        const filed = { id, companyName: company.name, dueAt };
        const email = confirmation?.(filed);
        if (email) prepared(writer, s.insertOutbox.sql).run(...s.insertOutbox.bind(email));
        for (const message of messages?.(filed) ?? []) {
          prepared(writer, s.insertChannelMessage.sql).run(...s.insertChannelMessage.bind(message));
        }
        return filed as FileOutcome;
      }),
    findByIdempotencyKey: async (keyHash) => read(s.byIdempotencyKey, { keyHash }),
    findPublicRequest: async (id) => readNow(id),
    listActiveCompanies: () => companies(),
    trackingListener: (options) => trackingListener({ ...options, readNow }),
    sharedLimitStore: () => undefined,
    settings: unwatchedSettings,
  };
}

/** PostgreSQL: filing and the tracking read batched per instant, as named prepared statements. */
function fastPostgresHotPath(db: Db, s: RequestStatements, pool: pg.Pool): HotPath {
  const query = async <R>(statement: Statement<R>, v: object) =>
    (await pool.query({ name: statement.name, text: statement.sql, values: statement.bind(v) })).rows as R[];
  const fileBatch = s.fileBatch as NonNullable<RequestStatements['fileBatch']>;
  const insertOutboxes = s.insertOutboxes as NonNullable<RequestStatements['insertOutboxes']>;
  const insertMessages = s.insertChannelMessages as NonNullable<RequestStatements['insertChannelMessages']>;
  // One batch at a time: under load they grow rather than multiply, and the pool keeps
  // connections for everything else. A statement costs far more than a row (decision 0059); with
  // the e-mail setting kept in memory (decision 0071) the filings reach this stage together, and
  // one batch at a time filed 7 % more per second than two, with 13 % less of PostgreSQL's time
  // per filing (issue 40, bench/results/issue-40-filing-part-3.md).
  const file = batcher<FileJob, FileOutcome>((jobs) => fileOnPostgres(jobs), { concurrency: 1 });
  // The reads of one instant go as one query over their numbers.
  const readByIds = batcher<number, PublicRequestRow | undefined>(async (ids) => {
    const rows = await query(s.publicRequests, { ids: [...new Set(ids)] });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => ({ ok: true, value: byId.get(id) }));
  });
  const companies = sharedRead(() => query(s.activeCompanies, {}));
  const settings = postgresSettingsWatch(pool);

  /** A batch; should it fail as a whole, each request is tried alone, so one bad row never takes the others down. */
  async function fileOnPostgres(jobs: FileJob[]): Promise<Outcome<FileOutcome>[]> {
    try {
      return await fileBatchOnPostgres(jobs);
    } catch (error) {
      if (jobs.length === 1) return [{ ok: false, error }];
      return Promise.all(
        jobs.map((job) =>
          fileBatchOnPostgres([job]).then(
            (outcomes) => outcomes[0] as Outcome<FileOutcome>,
            (alone): Outcome<FileOutcome> => ({ ok: false, error: alone }),
          ),
        ),
      );
    }
  }

  async function fileBatchOnPostgres(jobs: FileJob[]): Promise<Outcome<FileOutcome>[]> {
    // One array per stored value: the i-th element of each is the i-th request's.
    const columns = Object.fromEntries(FILED_COLUMNS.map((column) => [column, jobs.map((job) => job.values[column])]));
    const batch = { name: fileBatch.name, text: fileBatch.sql, values: fileBatch.bind(columns) };
    type Row = {
      id: number | null;
      hash: string | null;
      companyName: string | null;
      dueAt: string | null;
      activeCompany: number | null;
    };
    const outcomes = (rows: Row[]) => {
      const byHash = new Map(rows.filter((r) => r.hash !== null).map((r) => [r.hash, r]));
      const active = new Set(rows.filter((r) => r.activeCompany !== null).map((r) => r.activeCompany));
      return jobs.map((job): Outcome<FileOutcome> => {
        const row = byHash.get(job.values.trackingTokenHash);
        if (row) {
          return {
            ok: true,
            value: { id: row.id as number, companyName: row.companyName as string, dueAt: row.dueAt },
          };
        }
        return { ok: true, value: active.has(job.values.companyId) ? 'duplicate-key' : 'company-unavailable' };
      });
    };
    if (!jobs.some((job) => job.confirmation || job.messages)) return outcomes((await pool.query<Row>(batch)).rows);
    // The e-mails hold the requests' numbers: the insert, then the e-mails, in one transaction.
    const client = await pool.connect();
    try {
      await client.query('begin');
      const answered = outcomes((await client.query<Row>(batch)).rows);
      // A same-key retry in the batch maps to the same stored request: it is mailed once.
      const mailed = new Set<number>();
      const messages: NewChannelMessage[] = [];
      const emails = jobs.flatMap((job, i) => {
        const outcome = answered[i];
        if (!outcome?.ok || typeof outcome.value === 'string' || mailed.has(outcome.value.id)) return [];
        mailed.add(outcome.value.id);
        messages.push(...(job.messages?.(outcome.value) ?? []));
        return job.confirmation?.(outcome.value) ?? [];
      });
      if (emails.length > 0) {
        // One statement for all of them: one array per column, the i-th element the i-th e-mail's.
        const arrays = Object.fromEntries(
          OUTBOX_COLUMNS.map((column) => [column, emails.map((email) => email[column] ?? null)]),
        );
        await client.query({
          name: insertOutboxes.name,
          text: insertOutboxes.sql,
          values: insertOutboxes.bind(arrays),
        });
      }
      if (messages.length > 0) {
        const arrays = Object.fromEntries(
          MESSAGE_COLUMNS.map((column) => [column, messages.map((message) => message[column] ?? null)]),
        );
        await client.query({
          name: insertMessages.name,
          text: insertMessages.sql,
          values: insertMessages.bind(arrays),
        });
      }
      await client.query('commit');
      return answered;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  return {
    fileRequest: (values, confirmation, messages) => file({ values, confirmation, messages }),
    findByIdempotencyKey: async (keyHash) => (await query(s.byIdempotencyKey, { keyHash }))[0],
    findPublicRequest: (id) => readByIds(id),
    listActiveCompanies: () => companies() as Promise<ActiveCompany[]>,
    trackingListener: () => undefined,
    sharedLimitStore: () => sharedLimits(db),
    settings,
  };
}
