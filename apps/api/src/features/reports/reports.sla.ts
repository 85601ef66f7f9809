// The repair-deadline report's rows (issue 23, decision 0029): per energy company and problem
// type, the repaired (completed) requests, those repaired by their due time and their share,
// the median and p90 time to repair, and the requests overdue now. With the filters the
// repair-time indexes answer (company, problem type, period) the figures and the summary come
// from them (decision 0036); any other filter takes the plain grouped pass.
import { PROBLEM_TYPES } from '@acende/shared/enums';
import type { ReportSummary, SlaReportRow } from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import {
  listRepairTimes,
  overallRepairPercentiles,
  percentileFromRanks,
  type RepairTimesFilter,
  type RepairTimesGroup,
} from '../../core/repair-times.repository.ts';
import { listCompanyNames, type ReportCriteria } from './reports.repository.ts';
import { buildSummary } from './reports.rows.ts';
import { countSlaGroups, listSlaPercentileRanks } from './reports.sla.repository.ts';

const groupKey = (companyId: number, problemType: string) => `${companyId}|${problemType}`;

/** Every company × problem type with matching requests, by the plain grouped pass over the table. */
async function plainSlaRows(deps: AppDeps, criteria: ReportCriteria): Promise<SlaReportRow[]> {
  const now = deps.clock.now().toISOString();
  const [groups, ranked, names] = await Promise.all([
    countSlaGroups(deps.db, criteria, now),
    listSlaPercentileRanks(deps.db, criteria),
    listCompanyNames(deps.db),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const ranksOf = new Map<string, { n: number; ranks: Map<number, number> }>();
  for (const r of ranked) {
    const key = groupKey(r.companyId, r.problemType);
    const entry = ranksOf.get(key) ?? { n: r.count, ranks: new Map<number, number>() };
    ranksOf.set(key, { n: entry.n, ranks: entry.ranks.set(r.rank, r.ms) });
  }
  return groups.map((g) => {
    const { n, ranks } = ranksOf.get(groupKey(g.companyId, g.problemType)) ?? { n: 0, ranks: new Map() };
    const at = (p: number) => {
      const lo = Math.floor((n - 1) * p);
      return percentileFromRanks([ranks.get(lo), ranks.get(lo + 1)], n, p);
    };
    return toRow(
      {
        ...g,
        open: 0,
        inProgress: 0,
        completed: g.repaired,
        cancelled: 0,
        completedWithinTarget: g.met,
        timed: n,
        medianSeconds: at(0.5),
        p90Seconds: at(0.9),
      },
      nameOf,
    );
  });
}

function sortRows(rows: SlaReportRow[]): SlaReportRow[] {
  const typeOrder = (t: string) => PROBLEM_TYPES.indexOf(t as SlaReportRow['problemType']);
  return rows.sort(
    (a, b) =>
      a.companyName.localeCompare(b.companyName) ||
      a.companyId - b.companyId ||
      typeOrder(a.problemType) - typeOrder(b.problemType),
  );
}

/** The report filters the repair-time indexes can answer, or null when another filter is set. */
function indexedFilter(criteria: ReportCriteria): RepairTimesFilter | null {
  const { status, assigneeId, pole, area, q, companyId, problemType } = criteria.filters;
  if (status || assigneeId || pole || area !== undefined || q) return null;
  return {
    scope: criteria.scope,
    companyId: companyId ?? null,
    problemType: problemType ?? null,
    createdFrom: criteria.createdFrom,
    createdBefore: criteria.createdBefore,
  };
}

function toRow(g: RepairTimesGroup, nameOf: Map<number, string>): SlaReportRow {
  return {
    companyId: g.companyId,
    companyName: nameOf.get(g.companyId) ?? `#${g.companyId}`,
    problemType: g.problemType as SlaReportRow['problemType'],
    repaired: g.completed,
    repairedWithinTarget: g.completedWithinTarget,
    withinTargetShare: g.completed > 0 ? g.completedWithinTarget / g.completed : null,
    medianSeconds: g.medianSeconds,
    p90Seconds: g.p90Seconds,
    overdue: g.overdue,
  };
}

/** The summary from the groups' counts, its times from the repair-time index (closed_at − created_at). */
async function summaryOf(
  deps: AppDeps,
  filter: RepairTimesFilter,
  groups: RepairTimesGroup[],
  nameOf: Map<number, string>,
) {
  const byStatus = { open: 0, in_progress: 0, completed: 0, cancelled: 0 };
  const byProblemType = { LIGHT_OUT: 0, NO_LAMP: 0, FALLEN_POLE: 0, POLE_DAMAGE: 0 };
  const byCompany = new Map<number, number>();
  for (const g of groups) {
    const total = g.open + g.inProgress + g.completed + g.cancelled;
    byStatus.open += g.open;
    byStatus.in_progress += g.inProgress;
    byStatus.completed += g.completed;
    byStatus.cancelled += g.cancelled;
    if (g.problemType in byProblemType) byProblemType[g.problemType as keyof typeof byProblemType] += total;
    byCompany.set(g.companyId, (byCompany.get(g.companyId) ?? 0) + total);
  }
  const timed = groups.reduce((sum, g) => sum + g.timed, 0);
  const times = await overallRepairPercentiles(deps.db, filter, timed);
  const summary: ReportSummary = {
    total: byStatus.open + byStatus.in_progress + byStatus.completed + byStatus.cancelled,
    byStatus,
    byProblemType,
    byCompany: [...byCompany]
      .map(([companyId, count]) => ({ companyId, name: nameOf.get(companyId) ?? `#${companyId}`, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    completion: { count: byStatus.completed, ...times },
  };
  return summary;
}

export interface SlaReportData {
  rows: SlaReportRow[];
  summary: ReportSummary;
}

// One computation per report call: the JSON page and the PDF need both rows and summary, and
// the export asks for them separately (its criteria object is the key).
const loading = new WeakMap<ReportCriteria, Promise<SlaReportData>>();

async function computeSla(deps: AppDeps, criteria: ReportCriteria): Promise<SlaReportData> {
  const filter = indexedFilter(criteria);
  if (!filter) {
    const [rows, summary] = await Promise.all([plainSlaRows(deps, criteria), buildSummary(deps, criteria)]);
    return { rows: sortRows(rows), summary };
  }
  const [groups, names] = await Promise.all([
    listRepairTimes(deps.db, filter, deps.clock.now().toISOString()),
    listCompanyNames(deps.db),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const summary = await summaryOf(deps, filter, groups, nameOf);
  return { rows: sortRows(groups.map((g) => toRow(g, nameOf))), summary };
}

/** The report's rows, by company name then problem type, and its summary. */
export function loadSlaReport(deps: AppDeps, criteria: ReportCriteria): Promise<SlaReportData> {
  let pending = loading.get(criteria);
  if (!pending) {
    pending = computeSla(deps, criteria);
    loading.set(criteria, pending);
  }
  return pending;
}

export async function buildSlaRows(deps: AppDeps, criteria: ReportCriteria): Promise<SlaReportRow[]> {
  return (await loadSlaReport(deps, criteria)).rows;
}
