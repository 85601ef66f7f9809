// The citizens' ratings report (issue 35, decision 0050): per energy company, the requests the
// filters select that were rated, their mean score and the low (1–2) and high (4–5) ones. The
// filters and the company scope go through reportWhere(), as every report's; the summary is the
// requests report's.
import type { RatingsReportRow, ReportSummary } from '@acende/shared/schemas/reports';
import { sql } from 'kysely';
import type { AppDeps } from '../../app-deps.ts';
import { listCompanyNames, type ReportCriteria, reportWhere } from './reports.repository.ts';
import { buildSummary } from './reports.rows.ts';

export interface RatingsReportData {
  rows: RatingsReportRow[];
  summary: ReportSummary;
}

async function countRatings(deps: AppDeps, criteria: ReportCriteria) {
  const score = sql.ref('requestRatings.score');
  return deps.db
    .selectFrom('repairRequests')
    .where((eb) => reportWhere(eb, criteria))
    .innerJoin('requestRatings', 'requestRatings.requestId', 'repairRequests.id')
    .select((eb) => [
      'repairRequests.companyId',
      eb.fn.countAll<number | string>().as('ratings'),
      sql<number | string>`sum(${score})`.as('total'),
      sql<number | string>`sum(case when ${score} <= 2 then 1 else 0 end)`.as('low'),
      sql<number | string>`sum(case when ${score} >= 4 then 1 else 0 end)`.as('high'),
    ])
    .groupBy('repairRequests.companyId')
    .execute();
}

/** One row per company with ratings, by company name. */
export async function loadRatingsReport(deps: AppDeps, criteria: ReportCriteria): Promise<RatingsReportData> {
  const [groups, names, summary] = await Promise.all([
    countRatings(deps, criteria),
    listCompanyNames(deps.db),
    buildSummary(deps, criteria),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const rows = groups
    .map((g) => ({
      companyId: g.companyId,
      companyName: nameOf.get(g.companyId) ?? `#${g.companyId}`,
      ratings: Number(g.ratings),
      averageScore: Math.round((Number(g.total) / Number(g.ratings)) * 100) / 100,
      low: Number(g.low),
      high: Number(g.high),
    }))
    .sort((a, b) => a.companyName.localeCompare(b.companyName) || a.companyId - b.companyId);
  return { rows, summary };
}
