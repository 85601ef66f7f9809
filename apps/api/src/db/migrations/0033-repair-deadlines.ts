// Repair deadlines (issue 23, decision 0029). A target in hours per problem type, and
// optionally per company; each request carries its due time (due_at), set when it is filed
// from the target then in force. A trigger sets it, so every writer of requests (the Kysely
// path, the prepared hot path, PostgreSQL's batched insert, seeds) gets the same due time in
// the filing's own statement and transaction.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

const DEFAULT_HOURS: Record<string, number> = { FALLEN_POLE: 24, POLE_DAMAGE: 72, LIGHT_OUT: 72, NO_LAMP: 72 };

/** The hours in force for request `r` (a row alias): the company's own target, else the default. */
const hoursOf = (r: string) => `coalesce(
    (select t.hours from company_repair_targets t where t.company_id = ${r}.company_id and t.problem_type = ${r}.problem_type),
    (select t.hours from repair_targets t where t.problem_type = ${r}.problem_type))`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('repair_targets')
    .addColumn('problem_type', 'text', (c) => c.primaryKey())
    .addColumn('hours', 'integer', (c) => c.notNull().check(sql`hours between 1 and 8760`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('company_repair_targets')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id').onDelete('cascade'))
    .addColumn('problem_type', 'text', (c) => c.notNull())
    .addColumn('hours', 'integer', (c) => c.notNull().check(sql`hours between 1 and 8760`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('company_repair_targets_pk', ['company_id', 'problem_type'])
    .execute();
  const now = new Date().toISOString();
  await db
    .insertInto('repair_targets')
    .values(Object.entries(DEFAULT_HOURS).map(([problem_type, hours]) => ({ problem_type, hours, updated_at: now })))
    .execute();

  await db.schema.alterTable('repair_requests').addColumn('due_at', 'text').execute();
  // Stored as Date#toISOString's text, like every other instant, so it compares as text.
  const dueFrom = (r: string, from: string) =>
    postgres
      ? `to_char((${from}::timestamptz + make_interval(hours => ${hoursOf(r)})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', ${from}, '+' || ${hoursOf(r)} || ' hours')`;
  // Existing requests: due from their creation under the default targets.
  await sql
    .raw(`update repair_requests set due_at = ${dueFrom('repair_requests', 'repair_requests.created_at')}`)
    .execute(db);

  if (postgres) {
    await sql
      .raw(`create function acende_set_due_at() returns trigger language plpgsql as $$ begin
        if new.due_at is null then new.due_at := ${dueFrom('new', 'new.created_at')}; end if;
        return new; end $$`)
      .execute(db);
    await sql`create trigger repair_requests_due_at before insert on repair_requests
      for each row execute function acende_set_due_at()`.execute(db);
  } else {
    // SQLite cannot change NEW: the row just written gets its due time in the same statement.
    await sql
      .raw(`create trigger repair_requests_due_at after insert on repair_requests when new.due_at is null begin
        update repair_requests set due_at = ${dueFrom('new', 'new.created_at')} where id = new.id; end`)
      .execute(db);
  }
  // Overdue counts: only the requests still being worked on, by company and due time.
  await sql`create index repair_requests_due_idx on repair_requests (company_id, due_at)
    where status in ('open', 'in_progress')`.execute(db);
  // The list sorted by due time (soonest first), a page at a time.
  await sql`create index repair_requests_due_at_idx on repair_requests (due_at, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_due_at_idx`.execute(db);
  await sql`drop index if exists repair_requests_due_idx`.execute(db);
  await sql`drop trigger if exists repair_requests_due_at${sql.raw(dialectOf(db) === 'postgres' ? ' on repair_requests' : '')}`.execute(
    db,
  );
  if (dialectOf(db) === 'postgres') await sql`drop function if exists acende_set_due_at()`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('due_at').execute();
  await db.schema.dropTable('company_repair_targets').execute();
  await db.schema.dropTable('repair_targets').execute();
}
