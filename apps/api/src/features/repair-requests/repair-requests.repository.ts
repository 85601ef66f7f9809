import type { Db, Dialect } from '../../db/database.ts';
import { groupedSqliteWrite, hotRows, prepared, rawHandles } from '../../db/hot-path.ts';
import { INSERT_OUTBOX_SQL, type NewOutboxEmail, outboxParams } from '../email/outbox.repository.ts';

export function findByIdempotencyKey(db: Db, key: string) {
  return db
    .selectFrom('repairRequests')
    .innerJoin('energyCompanies', 'energyCompanies.id', 'repairRequests.companyId')
    .select(['repairRequests.id', 'repairRequests.idempotencyHash', 'energyCompanies.name as companyName'])
    .where('repairRequests.idempotencyKey', '=', key)
    .executeTakeFirst();
}

/** What the public create stores; the rest of the row takes its defaults. */
export interface PublicRequestValues {
  name: string | null;
  email: string | null;
  phone: string;
  address: string;
  reference: string | null;
  problemType: string;
  latitude: string;
  longitude: string;
  companyId: number;
  district: string | null;
  city: string | null;
  language: string;
  trackingTokenHash: string;
  trackingSeed: string;
  idempotencyKey: string | null;
  idempotencyHash: string | null;
  createdAt: string;
}

/** The confirmation e-mail of a new request, once its number is known (undefined: none). */
export type ConfirmationFor = (id: number, companyName: string) => NewOutboxEmail | undefined;

// The public create as prepared statements (issue 10; hot-path.ts): the company must be
// active, and the request, its "created" event and its confirmation e-mail are written in
// one transaction. SQLite: grouped with the other requests of the same instant. PostgreSQL:
// one statement (one round trip) when no e-mail is due.
const ACTIVE_COMPANY_SQL = 'select id, name from energy_companies where id = $1 and active = 1';
const INSERT_REQUEST_SQL = `insert into repair_requests
  (name, email, phone, address, reference, problem_type, latitude, longitude, company_id, district, city,
   status, language, tracking_token_hash, tracking_seed, idempotency_key, idempotency_hash, created_at, updated_at)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12, $13, $14, $15, $16, $17, $18) returning id`;
const INSERT_CREATED_EVENT_SQL = `insert into request_events (request_id, kind, to_status, created_at)
  values ($1, 'created', 'open', $2)`;
const FILE_REQUEST_PG = `with c as (select id, name from energy_companies where id = $9 and active = 1),
  r as (insert into repair_requests
    (name, email, phone, address, reference, problem_type, latitude, longitude, company_id, district, city,
     status, language, tracking_token_hash, tracking_seed, idempotency_key, idempotency_hash, created_at, updated_at)
    select $1, $2, $3, $4, $5, $6, $7, $8, c.id, $10, $11, 'open', $12, $13, $14, $15, $16, $17, $18 from c
    returning id),
  e as (insert into request_events (request_id, kind, to_status, created_at) select r.id, 'created', 'open', $17 from r)
  select r.id, c.name as "companyName" from r cross join c`;

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
    v.trackingSeed,
    v.idempotencyKey,
    v.idempotencyHash,
    v.createdAt,
    v.createdAt,
  ];
}

/** Files a request; undefined when its company is not active. Throws a unique violation on a reused Idempotency-Key. */
export async function fileRequest(
  db: Db,
  values: PublicRequestValues,
  confirmation?: ConfirmationFor,
): Promise<{ id: number; companyName: string } | undefined> {
  const raw = rawHandles(db);
  if (raw.dialect === 'sqlite') {
    return groupedSqliteWrite(db, (writer) => {
      const company = prepared(writer, ACTIVE_COMPANY_SQL).get(values.companyId) as
        | { id: number; name: string }
        | undefined;
      if (!company) return undefined;
      const { id } = prepared(writer, INSERT_REQUEST_SQL).get(...requestParams(values)) as { id: number };
      prepared(writer, INSERT_CREATED_EVENT_SQL).run(id, values.createdAt);
      const email = confirmation?.(id, company.name);
      if (email) prepared(writer, INSERT_OUTBOX_SQL).run(...outboxParams(email));
      return { id, companyName: company.name };
    });
  }
  const query = { name: 'acende_file_request', text: FILE_REQUEST_PG, values: requestParams(values) };
  if (!confirmation) {
    const { rows } = await raw.pool.query<{ id: number; companyName: string }>(query);
    return rows[0];
  }
  // The e-mail holds the request's number: the insert, then the e-mail, in one transaction.
  const client = await raw.pool.connect();
  try {
    await client.query('begin');
    const filed = (await client.query<{ id: number; companyName: string }>(query)).rows[0];
    const email = filed && confirmation(filed.id, filed.companyName);
    if (email) {
      await client.query({ name: 'acende_insert_outbox', text: INSERT_OUTBOX_SQL, values: outboxParams(email) });
    }
    await client.query('commit');
    return filed;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export interface PublicRequestRow {
  id: number;
  name: string | null;
  phone: string;
  email: string | null;
  address: string;
  reference: string | null;
  problemType: string;
  latitude: string;
  longitude: string;
  companyId: number;
  status: string;
  trackingTokenHash: string;
  createdAt: string;
  updatedAt: string;
  companyName: string;
  companyFullName: string;
  /** The status changes as [status, at] pairs, oldest first (JSON text on SQLite). */
  timeline: [string, string][] | string;
}

// The request and its status changes in one query (one round trip), as a prepared statement.
const PUBLIC_REQUEST_COLUMNS = `r.id, r.name, r.phone, r.email, r.address, r.reference, r.problem_type as "problemType",
  r.latitude, r.longitude, r.company_id as "companyId", r.status, r.tracking_token_hash as "trackingTokenHash",
  r.created_at as "createdAt", r.updated_at as "updatedAt", c.name as "companyName", c.full_name as "companyFullName"`;
const PUBLIC_REQUEST_SQL: Record<Dialect, string> = {
  sqlite: `select ${PUBLIC_REQUEST_COLUMNS},
    (select json_group_array(json_array(to_status, created_at)) from (select to_status, created_at
      from request_events where request_id = r.id and to_status is not null order by id)) as timeline
    from repair_requests r join energy_companies c on c.id = r.company_id where r.id = $1`,
  postgres: `select ${PUBLIC_REQUEST_COLUMNS},
    (select coalesce(json_agg(json_build_array(e.to_status, e.created_at) order by e.id), '[]')
      from request_events e where e.request_id = r.id and e.to_status is not null) as timeline
    from repair_requests r join energy_companies c on c.id = r.company_id where r.id = $1`,
};

export async function findPublicRequest(db: Db, id: number): Promise<PublicRequestRow | undefined> {
  const dialect = rawHandles(db).dialect;
  const rows = await hotRows<PublicRequestRow>(db, 'acende_public_request', PUBLIC_REQUEST_SQL[dialect], [id]);
  return rows[0];
}
