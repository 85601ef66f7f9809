import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type { Db } from '../../db/database.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  batcher,
  groupedSqliteWrite,
  hotRows,
  type Outcome,
  prepared,
  rawHandles,
  rowByKey,
} from '../../db/hot-path.ts';
import type { NewRepairRequest, RepairRequest } from '../../db/schema.ts';
import { INSERT_OUTBOX_SQL, type NewOutboxEmail, outboxParams } from '../email/outbox.repository.ts';

/** The request filed with an Idempotency-Key, by the key's hash (a prepared read on the hot path). */
export async function findByIdempotencyKey(db: Db, keyHash: string) {
  const rows = await hotRows<{ id: number; idempotencyHash: string | null; companyName: string }>(
    db,
    'acende_by_idempotency_key',
    `select r.id, r.idempotency_hash as "idempotencyHash", c.name as "companyName"
      from repair_requests r join energy_companies c on c.id = r.company_id where r.idempotency_key_hash = $1`,
    [keyHash],
  );
  return rows[0];
}

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
    | 'district'
    | 'city'
    | 'language'
    | 'trackingTokenHash'
    | 'idempotencyKeyHash'
    | 'idempotencyHash'
    | 'createdAt'
  >
>;

/** The confirmation e-mail of a new request, once its number is known (undefined: none). */
export type ConfirmationFor = (id: number, companyName: string) => NewOutboxEmail | undefined;

/** How filing ended: the request's number, or why it was not stored. */
export type FileOutcome = { id: number; companyName: string } | 'company-unavailable' | 'duplicate-key';

// The public create as prepared statements (issue 10; hot-path.ts): the company must be
// active, and the request, its "created" event and its confirmation e-mail are written in
// one transaction. Requests filed in the same instant are written together: on SQLite in
// one grouped transaction, on PostgreSQL by one statement over arrays (one round trip, one
// commit, and the counters' statement trigger once for all).
const ACTIVE_COMPANY_SQL = 'select id, name from energy_companies where id = $1 and active = 1';
const INSERT_REQUEST_SQL = `insert into repair_requests
  (name, email, phone, address, reference, problem_type, latitude, longitude, company_id, district, city,
   status, language, tracking_token_hash, idempotency_key_hash, idempotency_hash, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13, $14, $15, $16, $17) returning id`;
const INSERT_CREATED_EVENT_SQL = `insert into request_events (request_id, kind, to_status, created_at)
  values ($1, 'created', 'open', $2)`;
// A same-key retry in the same batch carries the same tracking hash (the token comes from
// the key and the body), so it maps to the one row stored; a row skipped by the key's
// unique index is a duplicate key; the companies part says which companies were active.
const FILE_REQUESTS_PG = `with input as (
    select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[],
      $8::text[], $9::int[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[], $15::text[],
      $16::text[]) with ordinality as t(name, email, phone, address, reference, problem_type,
      latitude, longitude, company_id, district, city, language, tracking_token_hash,
      idempotency_key_hash, idempotency_hash, created_at, ord)),
  r as (insert into repair_requests
    (name, email, phone, address, reference, problem_type, latitude, longitude, company_id, district, city,
     status, language, tracking_token_hash, idempotency_key_hash, idempotency_hash, created_at, updated_at)
    select i.name, i.email, i.phone, i.address, i.reference, i.problem_type, i.latitude, i.longitude, c.id,
      i.district, i.city, 'open', i.language, i.tracking_token_hash, i.idempotency_key_hash,
      i.idempotency_hash, i.created_at, i.created_at
    from input i join energy_companies c on c.id = i.company_id and c.active = 1 order by i.ord
    on conflict (idempotency_key_hash) do nothing
    returning id, company_id, tracking_token_hash, created_at),
  e as (insert into request_events (request_id, kind, to_status, created_at)
    select r.id, 'created', 'open', r.created_at from r)
  select r.id, r.tracking_token_hash as "hash", c.name as "companyName", null::int as "activeCompany"
    from r join energy_companies c on c.id = r.company_id
  union all
  select null, null, null, c.id from energy_companies c
    where c.active = 1 and c.id in (select company_id from input)`;

interface FileJob {
  values: PublicRequestValues;
  confirmation?: ConfirmationFor;
}

function requestParams(v: PublicRequestValues): unknown[] {
  return [
    v.name,
    v.email,
    v.phone,
    v.address,
    v.reference,
    v.problemType,
    v.latitude,
    v.longitude,
    v.companyId,
    v.district,
    v.city,
    v.language,
    v.trackingTokenHash,
    v.idempotencyKeyHash,
    v.idempotencyHash,
    v.createdAt,
    v.createdAt,
  ];
}

/** One SQLite request, inside the group's transaction (synchronous). */
function fileOnSqlite(writer: SQLite.Database, { values, confirmation }: FileJob): FileOutcome {
  const company = prepared(writer, ACTIVE_COMPANY_SQL).get(values.companyId) as
    | { id: number; name: string }
    | undefined;
  if (!company) return 'company-unavailable';
  let id: number;
  try {
    ({ id } = prepared(writer, INSERT_REQUEST_SQL).get(...requestParams(values)) as { id: number });
  } catch (error) {
    if (values.idempotencyKeyHash && isUniqueViolation(error)) return 'duplicate-key';
    throw error;
  }
  prepared(writer, INSERT_CREATED_EVENT_SQL).run(id, values.createdAt);
  const email = confirmation?.(id, company.name);
  if (email) prepared(writer, INSERT_OUTBOX_SQL).run(...outboxParams(email));
  return { id, companyName: company.name };
}

/**
 * A batch of PostgreSQL requests: one statement, plus their e-mails in the same transaction
 * when any are due. Should the batch fail as a whole, each request is tried alone, so one
 * bad row never takes the others down with it.
 */
async function fileOnPostgres(pool: pg.Pool, jobs: FileJob[]): Promise<Outcome<FileOutcome>[]> {
  try {
    return await fileBatchOnPostgres(pool, jobs);
  } catch (error) {
    if (jobs.length === 1) return [{ ok: false, error }];
    return Promise.all(
      jobs.map((job) =>
        fileBatchOnPostgres(pool, [job]).then(
          (outcomes) => outcomes[0] as Outcome<FileOutcome>,
          (alone): Outcome<FileOutcome> => ({ ok: false, error: alone }),
        ),
      ),
    );
  }
}

async function fileBatchOnPostgres(pool: pg.Pool, jobs: FileJob[]): Promise<Outcome<FileOutcome>[]> {
  // One array per column of the unnest (the 16 first parameters of a single insert).
  const params = jobs.map((job) => requestParams(job.values));
  const columns = Array.from({ length: 16 }, (_, c) => params.map((row) => row[c]));
  const query = { name: 'acende_file_requests', text: FILE_REQUESTS_PG, values: columns };
  const outcomes = (
    rows: { id: number | null; hash: string | null; companyName: string | null; activeCompany: number | null }[],
  ) => {
    const byHash = new Map(rows.filter((r) => r.hash !== null).map((r) => [r.hash, r]));
    const active = new Set(rows.filter((r) => r.activeCompany !== null).map((r) => r.activeCompany));
    return jobs.map((job): Outcome<FileOutcome> => {
      const row = byHash.get(job.values.trackingTokenHash);
      if (row) return { ok: true, value: { id: row.id as number, companyName: row.companyName as string } };
      return { ok: true, value: active.has(job.values.companyId) ? 'duplicate-key' : 'company-unavailable' };
    });
  };
  if (!jobs.some((job) => job.confirmation)) return outcomes((await pool.query(query)).rows);
  // The e-mails hold the requests' numbers: the insert, then the e-mails, in one transaction.
  const client = await pool.connect();
  try {
    await client.query('begin');
    const answered = outcomes((await client.query(query)).rows);
    const emails = jobs.flatMap((job, i) => {
      const outcome = answered[i];
      if (!outcome?.ok || typeof outcome.value === 'string') return [];
      return job.confirmation?.(outcome.value.id, outcome.value.companyName) ?? [];
    });
    for (const email of emails) {
      await client.query({ name: 'acende_insert_outbox', text: INSERT_OUTBOX_SQL, values: outboxParams(email) });
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

const postgresBatches = new WeakMap<Db, (job: FileJob) => Promise<FileOutcome>>();

/** Files a request with the others of the same instant (see above). */
export function fileRequest(db: Db, values: PublicRequestValues, confirmation?: ConfirmationFor): Promise<FileOutcome> {
  const raw = rawHandles(db);
  const job: FileJob = { values, confirmation };
  if (raw.dialect === 'sqlite') return groupedSqliteWrite(db, (writer) => fileOnSqlite(writer, job));
  let batch = postgresBatches.get(db);
  if (!batch) {
    // At most 4 batches at once: under load they grow rather than multiply, and the pool
    // keeps connections for everything else.
    batch = batcher<FileJob, FileOutcome>((jobs) => fileOnPostgres(raw.pool, jobs), { concurrency: 4 });
    postgresBatches.set(db, batch);
  }
  return batch(job);
}

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
  | 'status'
  | 'trackingTokenHash'
  | 'createdAt'
  | 'updatedAt'
> & {
  companyName: string;
  companyFullName: string;
  /** The status changes as [status, at] pairs, oldest first (JSON text on SQLite). */
  timeline: [string, string][] | string;
};

// The request and its status changes in one query (one round trip), as a prepared statement.
const PUBLIC_REQUEST_COLUMNS = `r.id, r.name, r.phone, r.email, r.address, r.reference, r.problem_type as "problemType",
  r.latitude, r.longitude, r.company_id as "companyId", r.status, r.tracking_token_hash as "trackingTokenHash",
  r.created_at as "createdAt", r.updated_at as "updatedAt", c.name as "companyName", c.full_name as "companyFullName"`;
const PUBLIC_REQUEST_SQL = {
  sqlite: `select ${PUBLIC_REQUEST_COLUMNS},
    (select json_group_array(json_array(to_status, created_at)) from (select to_status, created_at
      from request_events where request_id = r.id and to_status is not null order by id)) as timeline
    from repair_requests r join energy_companies c on c.id = r.company_id where r.id = $1`,
  // Several numbers at once: the reads of the same instant go together (rowByKey).
  anyText: `select ${PUBLIC_REQUEST_COLUMNS},
    (select coalesce(json_agg(json_build_array(e.to_status, e.created_at) order by e.id), '[]')
      from request_events e where e.request_id = r.id and e.to_status is not null) as timeline
    from repair_requests r join energy_companies c on c.id = r.company_id where r.id = any($1::int[])`,
};

/** A row of PUBLIC_REQUEST_SQL from its values, in the order of its columns. */
const publicRequestFromValues = (v: unknown[]): PublicRequestRow => ({
  id: v[0] as number,
  name: v[1] as string | null,
  phone: v[2] as string,
  email: v[3] as string | null,
  address: v[4] as string,
  reference: v[5] as string | null,
  problemType: v[6] as string,
  latitude: v[7] as string,
  longitude: v[8] as string,
  companyId: v[9] as number,
  status: v[10] as string,
  trackingTokenHash: v[11] as string,
  createdAt: v[12] as string,
  updatedAt: v[13] as string,
  companyName: v[14] as string,
  companyFullName: v[15] as string,
  timeline: v[16] as string,
});

/** The row at once on SQLite, a promise of it on PostgreSQL. */
export function findPublicRequest(
  db: Db,
  id: number,
): PublicRequestRow | undefined | Promise<PublicRequestRow | undefined> {
  return rowByKey<PublicRequestRow>(db, 'acende_public_requests', PUBLIC_REQUEST_SQL, id, publicRequestFromValues);
}
