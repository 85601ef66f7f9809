// Signed webhooks to a company's own system (issue 38, decision 0065). `webhook_endpoints`: the
// addresses an admin registers per company, the events each takes (a JSON array) and its signing
// secret, sealed. `webhook_deliveries`: one row per event and endpoint, written in the change's
// transaction with its data frozen, claimed by a lease as the other outboxes are. A filing
// queues its rows by a trigger (one statement per batch on PostgreSQL), so the hot path is untouched.
import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const id = (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('secret_prefix', 'text', (c) => c.notNull())
    // After a rotation the old secret signs too until then (Standard Webhooks' several signatures).
    .addColumn('previous_secret_sealed', 'text')
    .addColumn('previous_secret_until', 'text')
    .addColumn('created_by_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhook_endpoints_company_idx').on('webhook_endpoints').column('company_id').execute();
  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'integer', id)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('request_id', 'integer', (c) => c.notNull())
    // The body's `data` as JSON text, and the event's time: the body is rebuilt from them byte for byte.
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('event_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text')
    .addColumn('claimed_until', 'text')
    // The 24 h of retries count from here: the event's time, or a replay's.
    .addColumn('retry_from', 'text', (c) => c.notNull())
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  // The worker's claim: due pending rows; the order check: an earlier pending row of the same request and endpoint.
  await sql`create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at, id) where state = 'pending'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_order_idx on webhook_deliveries (endpoint_id, request_id, id) where state = 'pending'`.execute(
    db,
  );
  // The admin's list: newest first, by state and by endpoint.
  await db.schema
    .createIndex('webhook_deliveries_state_idx')
    .on('webhook_deliveries')
    .columns(['state', 'id'])
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_endpoint_idx')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'id'])
    .execute();
  await (pg ? filedTriggerPostgres(db) : filedTriggerSqlite(db));
}

// The filing's `request.filed` rows: nothing is written while no active endpoint takes the event.
// biome-ignore lint/suspicious/noExplicitAny: see up()
async function filedTriggerPostgres(db: Kysely<any>): Promise<void> {
  await sql`
    create function acende_webhooks_filed() returns trigger language plpgsql as $$
    begin
      insert into webhook_deliveries
        (endpoint_id, message_id, event_type, request_id, payload, event_at, state, attempts,
         next_attempt_at, retry_from, created_at)
      select e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), 'request.filed', f.id,
        json_build_object('requestId', f.id, 'companyId', f.company_id, 'status', f.status,
          'problemType', f.problem_type, 'actor', 'citizen')::text,
        f.created_at, 'pending', 0, f.created_at, f.created_at, f.created_at
      from filed f
      join webhook_endpoints e on e.company_id = f.company_id
      where e.active = 1 and e.events like '%"request.filed"%'
      order by f.id, e.id;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger repair_requests_webhooks_filed after insert on repair_requests
    referencing new table as filed for each statement execute function acende_webhooks_filed()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
async function filedTriggerSqlite(db: Kysely<any>): Promise<void> {
  await sql`
    create trigger repair_requests_webhooks_filed after insert on repair_requests
    begin
      insert into webhook_deliveries
        (endpoint_id, message_id, event_type, request_id, payload, event_at, state, attempts,
         next_attempt_at, retry_from, created_at)
      select e.id, 'msg_' || lower(hex(randomblob(16))), 'request.filed', new.id,
        json_object('requestId', new.id, 'companyId', new.company_id, 'status', new.status,
          'problemType', new.problem_type, 'actor', 'citizen'),
        new.created_at, 'pending', 0, new.created_at, new.created_at, new.created_at
      from webhook_endpoints e
      where e.company_id = new.company_id and e.active = 1 and e.events like '%"request.filed"%'
      order by e.id;
    end`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists repair_requests_webhooks_filed${sql.raw(dialectOf(db) === 'postgres' ? ' on repair_requests' : '')}`.execute(
    db,
  );
  if (dialectOf(db) === 'postgres') await sql`drop function if exists acende_webhooks_filed()`.execute(db);
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
