// Overdue counts exact and cheap at a million rows (issue 23, decision 0029). Counting the
// partial index repair_requests_due_idx reads every overdue request (half a million in the
// bench's seeded year: about a second on SQLite). Instead, the requests being worked on (open,
// in progress) are counted per company and UTC day of their due time, kept in step by triggers
// like request_counters (0006, 0010): overdue now = the days before today from these counters
// + the requests due earlier today, counted from the due-time index (a day's worth at most).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

const SHARDS = 8;
const ACTIVE = `status in ('open', 'in_progress') and due_at is not null`;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('request_due_counters')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id').onDelete('cascade'))
    .addColumn('due_day', 'text', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('request_due_counters_pk', ['company_id', 'due_day', 'shard'])
    .execute();
  await sql
    .raw(`insert into request_due_counters (company_id, due_day, shard, n)
      select company_id, substr(due_at, 1, 10), 0, count(*) from repair_requests where ${ACTIVE} group by 1, 2`)
    .execute(db);

  if (pg) {
    // By statement, from the transition tables, sharded by the writing session (as 0010).
    const apply = (deltas: string) => `
      insert into request_due_counters as c (company_id, due_day, shard, n)
        select company_id, due_day, shard, sum(d) from (${deltas}) x
        group by company_id, due_day, shard having sum(d) <> 0
        order by company_id, due_day, shard
      on conflict (company_id, due_day, shard) do update set n = c.n + excluded.n;`;
    const rows = (table: string, sign: string) =>
      `select company_id, substr(due_at, 1, 10) as due_day, pg_backend_pid() % ${SHARDS} as shard, ${sign}1 as d
         from ${table} where ${ACTIVE}`;
    const fn = (name: string, body: string) =>
      sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body} return null; end $$`)
        .execute(db);
    await fn('acende_due_count_inserted', apply(rows('new_rows', '')));
    await fn('acende_due_count_deleted', apply(rows('old_rows', '-')));
    await fn('acende_due_count_updated', apply(`${rows('old_rows', '-')} union all ${rows('new_rows', '')}`));
    await sql`create trigger repair_requests_due_count_insert after insert on repair_requests
      referencing new table as new_rows for each statement execute function acende_due_count_inserted()`.execute(db);
    await sql`create trigger repair_requests_due_count_delete after delete on repair_requests
      referencing old table as old_rows for each statement execute function acende_due_count_deleted()`.execute(db);
    await sql`create trigger repair_requests_due_count_update after update on repair_requests
      referencing old table as old_rows new table as new_rows for each statement execute function acende_due_count_updated()`.execute(
      db,
    );
    return;
  }
  // SQLite: by row. A filing's due time is written by the update of 0033's trigger, which
  // the update trigger below counts.
  const active = (row: string) => `${row}.status in ('open', 'in_progress') and ${row}.due_at is not null`;
  const add = (row: string) =>
    `insert into request_due_counters (company_id, due_day, shard, n)
       select ${row}.company_id, substr(${row}.due_at, 1, 10), 0, 1 where ${active(row)}
       on conflict (company_id, due_day, shard) do update set n = n + 1;`;
  const remove = (row: string) =>
    `update request_due_counters set n = n - 1
       where ${active(row)} and company_id = ${row}.company_id and due_day = substr(${row}.due_at, 1, 10) and shard = 0;`;
  await sql
    .raw(`create trigger repair_requests_due_count_insert after insert on repair_requests begin ${add('new')} end`)
    .execute(db);
  await sql
    .raw(`create trigger repair_requests_due_count_delete after delete on repair_requests begin ${remove('old')} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger repair_requests_due_count_update after update of company_id, status, due_at on repair_requests
         when old.company_id is not new.company_id or old.status is not new.status or old.due_at is not new.due_at
         begin ${remove('old')} ${add('new')} end`,
    )
    .execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  for (const t of ['insert', 'delete', 'update']) {
    await sql
      .raw(`drop trigger if exists repair_requests_due_count_${t}${pg ? ' on repair_requests' : ''}`)
      .execute(db);
  }
  if (pg) {
    for (const f of ['inserted', 'deleted', 'updated']) {
      await sql.raw(`drop function if exists acende_due_count_${f}()`).execute(db);
    }
  }
  await db.schema.dropTable('request_due_counters').ifExists().execute();
}
