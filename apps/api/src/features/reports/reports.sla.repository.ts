// The SQL of the repair-deadline report (decision 0029): per energy company and problem type,
// the counts in one grouped pass and the exact median / p90 time to repair. The percentiles are
// computed by the engine with window functions (SQLite has no percentile_cont): the completed
// durations are ranked within each group and only the two ranks around each percentile come
// back, so a million rows never travel to Node. Filters and company scope go through
// reportWhere(), as every report's.
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { type ReportCriteria, reportWhere } from './reports.repository.ts';

/** Counts per company and problem type: requests, repaired, repaired by the due time, overdue now. */
export async function countSlaGroups(db: Db, criteria: ReportCriteria, now: string) {
  const status = sql.ref('repairRequests.status');
  const rows = await db
    .selectFrom('repairRequests')
    .select((eb) => [
      'repairRequests.companyId',
      'repairRequests.problemType',
      eb.fn.countAll<number | string>().as('total'),
      sql<number | string>`sum(case when ${status} = 'completed' then 1 else 0 end)`.as('repaired'),
      sql<
        number | string
      >`sum(case when ${status} = 'completed' and ${sql.ref('repairRequests.closedAt')} <= ${sql.ref('repairRequests.dueAt')} then 1 else 0 end)`.as(
        'met',
      ),
      sql<
        number | string
      >`sum(case when ${status} in ('open', 'in_progress') and ${sql.ref('repairRequests.dueAt')} < ${now} then 1 else 0 end)`.as(
        'overdue',
      ),
    ])
    .where((eb) => reportWhere(eb, criteria))
    .groupBy(['repairRequests.companyId', 'repairRequests.problemType'])
    .execute();
  return rows.map((r) => ({
    companyId: r.companyId,
    problemType: r.problemType,
    total: Number(r.total),
    repaired: Number(r.repaired),
    met: Number(r.met),
    overdue: Number(r.overdue),
  }));
}

/**
 * For each group's ascending repair times (n of them), the values at the 0-based ranks
 * floor((n-1)p) and ceil((n-1)p) for p = 0.5 and 0.9: all a linear-interpolated
 * percentile needs (reports.format.ts percentile()), in integer arithmetic on both engines.
 */
export async function listSlaPercentileRanks(db: Db, criteria: ReportCriteria) {
  const group = sql`partition by ${sql.ref('companyId')}, ${sql.ref('problemType')}`;
  const i = sql.ref('i');
  const n = sql.ref('n');
  const rows = await db
    .with('durations', (qb) =>
      qb
        .selectFrom('repairRequests')
        .select([
          'repairRequests.companyId as companyId',
          'repairRequests.problemType as problemType',
          'repairRequests.repairMs as ms',
        ])
        .where((eb) => reportWhere(eb, criteria))
        .where('repairRequests.status', '=', 'completed')
        .where('repairRequests.closedAt', 'is not', null),
    )
    .with('ranked', (qb) =>
      qb
        .selectFrom('durations')
        .select([
          'companyId',
          'problemType',
          'ms',
          sql<number | string>`row_number() over (${group} order by ${sql.ref('ms')}) - 1`.as('i'),
          sql<number | string>`count(*) over (${group})`.as('n'),
        ]),
    )
    .selectFrom('ranked')
    .select(['companyId', 'problemType', 'ms', 'i', 'n'])
    .where(
      sql<boolean>`${i} in ((${n} - 1) * 5 / 10, ((${n} - 1) * 5 + 9) / 10, (${n} - 1) * 9 / 10, ((${n} - 1) * 9 + 9) / 10)`,
    )
    .execute();
  return rows.map((r) => ({
    companyId: r.companyId,
    problemType: r.problemType,
    rank: Number(r.i),
    count: Number(r.n),
    ms: Number(r.ms),
  }));
}
