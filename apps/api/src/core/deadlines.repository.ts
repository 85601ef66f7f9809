// The SQL of a request's due time: the target in force for it, setting it, and the overdue
// counts per company (decision 0029, 0036).
import { sql } from 'kysely';
import { type Db, dialectOf, type Trx } from '../db/database.ts';

/** The hours in force for a request: its company's own target, else the default. */
export async function findHoursInForce(db: Db | Trx, requestId: number): Promise<number | null> {
  const row = await db
    .selectFrom('repairRequests as r')
    .select(
      sql<number | null>`coalesce(
        (select t.hours from company_repair_targets t where t.company_id = r.company_id and t.problem_type = r.problem_type),
        (select t.hours from repair_targets t where t.problem_type = r.problem_type))`.as('hours'),
    )
    .where('r.id', '=', requestId)
    .executeTakeFirst();
  return row === undefined ? null : row.hours === null ? null : Number(row.hours);
}

export async function setDueAt(trx: Trx, requestId: number, dueAt: string): Promise<boolean> {
  const result = await trx.updateTable('repairRequests').set({ dueAt }).where('id', '=', requestId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Requests being worked on (open, in progress) past their due time, per company, exact:
 * the UTC days before today from request_due_counters (migration 0039, kept by triggers),
 * plus the requests due earlier today, read from the due-time index (a day's worth at most).
 * One statement, so one round trip: on a busy PostgreSQL the waits between calls, not the
 * two reads (about a millisecond each), made the time (decision 0036).
 */
export async function countOverdueByCompany(db: Db, scope: number[] | null, now: string) {
  const today = now.slice(0, 10);
  const inScope = scope === null ? null : scope.length > 0 ? scope : [0];
  // SQLite, without statistics, would rather walk the status index: name the due-time one.
  const from =
    dialectOf(db) === 'postgres' ? sql`repair_requests` : sql`repair_requests indexed by repair_requests_due_at_idx`;
  const scopeCondition = inScope ? sql`and company_id in (${sql.join(inScope)})` : sql``;
  const rows = await sql<{ companyId: number; count: string | number }>`select company_id, sum(n) as count from (
      select company_id, sum(n) as n from request_due_counters where due_day < ${today} ${scopeCondition}
        group by company_id
      union all
      select company_id, count(*) as n from ${from}
        where due_at >= ${`${today}T00:00:00.000Z`} and due_at < ${now} and status in ('open', 'in_progress')
        ${scopeCondition} group by company_id
    ) overdue group by company_id`.execute(db);
  return rows.rows.map((row) => ({ companyId: Number(row.companyId), count: Number(row.count) }));
}
