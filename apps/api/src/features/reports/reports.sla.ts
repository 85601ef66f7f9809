// The repair-deadline report's rows (issue 23, decision 0029): per energy company and problem
// type, the repaired (completed) requests, those repaired by their due time and their share,
// the median and p90 time to repair, and the requests overdue now.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import type { SlaReportRow } from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { listCompanyNames, type ReportCriteria } from './reports.repository.ts';
import { countSlaGroups, listSlaPercentileRanks } from './reports.sla.repository.ts';

type Ranked = Awaited<ReturnType<typeof listSlaPercentileRanks>>[number];

/** The linear-interpolated percentile from the two ranks around it (as percentile() does). */
function interpolate(ranks: Map<number, number>, count: number, p: number): number | null {
  if (count === 0) return null;
  const position = (count - 1) * p;
  const lo = Math.floor(position);
  const a = ranks.get(lo);
  const b = ranks.get(Math.ceil(position));
  if (a === undefined || b === undefined) return null;
  return Math.round(a + (b - a) * (position - lo));
}

const groupKey = (companyId: number, problemType: string) => `${companyId}|${problemType}`;

/** Every company × problem type with matching requests, by company name then problem type. */
export async function buildSlaRows(deps: AppDeps, criteria: ReportCriteria): Promise<SlaReportRow[]> {
  const now = deps.clock.now().toISOString();
  const [groups, ranked, names] = await Promise.all([
    countSlaGroups(deps.db, criteria, now),
    listSlaPercentileRanks(deps.db, criteria),
    listCompanyNames(deps.db),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const ranksOf = new Map<string, { count: number; ranks: Map<number, number> }>();
  for (const r of ranked as Ranked[]) {
    const key = groupKey(r.companyId, r.problemType);
    const entry = ranksOf.get(key) ?? { count: r.count, ranks: new Map<number, number>() };
    entry.ranks.set(r.rank, r.seconds);
    ranksOf.set(key, entry);
  }
  const rows = groups.map((g): SlaReportRow => {
    const timed = ranksOf.get(groupKey(g.companyId, g.problemType));
    return {
      companyId: g.companyId,
      companyName: nameOf.get(g.companyId) ?? `#${g.companyId}`,
      problemType: g.problemType as SlaReportRow['problemType'],
      repaired: g.repaired,
      repairedWithinTarget: g.met,
      withinTargetShare: g.repaired > 0 ? g.met / g.repaired : null,
      medianSeconds: timed ? interpolate(timed.ranks, timed.count, 0.5) : null,
      p90Seconds: timed ? interpolate(timed.ranks, timed.count, 0.9) : null,
      overdue: g.overdue,
    };
  });
  const typeOrder = (t: string) => PROBLEM_TYPES.indexOf(t as SlaReportRow['problemType']);
  return rows.sort(
    (a, b) =>
      a.companyName.localeCompare(b.companyName) ||
      a.companyId - b.companyId ||
      typeOrder(a.problemType) - typeOrder(b.problemType),
  );
}
