// What the reports count, shared by the JSON pages and the exports: the summary, the
// area rows with their medians, and a request or point record as a report row.
import type { RequestStatus } from '@acende/shared/enums';
import {
  type AreaReportRow,
  areaKey,
  type MapPoint,
  type ReportSummary,
  type RequestsReportRow,
  type StatusCounts,
} from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { percentile, wholeDays } from '../../core/format.ts';
import {
  countByArea,
  countGroups,
  listCompanyNames,
  listCompletionSeconds,
  listCompletionSecondsByArea,
  type PointRecord,
  type ReportCriteria,
  type RequestRecord,
} from './reports.repository.ts';

/**
 * What the area report ranks by, as its title says ("the most unresolved requests (open or
 * in progress) first"): the requests still waiting for a repair.
 */
export const UNRESOLVED_STATUSES = ['open', 'in_progress'] as const satisfies readonly RequestStatus[];

const unresolved = (row: AreaReportRow) => UNRESOLVED_STATUSES.reduce((sum, status) => sum + row.byStatus[status], 0);

/** Most unresolved requests first, then most requests, then by city and neighbourhood (unknown last). */
export function rankAreas(rows: AreaReportRow[]): AreaReportRow[] {
  return [...rows].sort(
    (a, b) =>
      unresolved(b) - unresolved(a) ||
      b.total - a.total ||
      (a.city ?? '\uffff').localeCompare(b.city ?? '\uffff') ||
      (a.district ?? '\uffff').localeCompare(b.district ?? '\uffff'),
  );
}

const zeroStatus = (): StatusCounts => ({ open: 0, in_progress: 0, completed: 0, cancelled: 0 });

export async function buildSummary(deps: AppDeps, criteria: ReportCriteria): Promise<ReportSummary> {
  const [groups, seconds, companyNames] = await Promise.all([
    countGroups(deps.db, criteria),
    listCompletionSeconds(deps.db, criteria),
    listCompanyNames(deps.db),
  ]);
  const nameOf = new Map(companyNames.map((c) => [c.id, c.name]));
  const byStatus = zeroStatus();
  const byProblemType = { LIGHT_OUT: 0, NO_LAMP: 0, FALLEN_POLE: 0, POLE_DAMAGE: 0 };
  const companies = new Map<number, { companyId: number; name: string; count: number }>();
  let total = 0;
  for (const g of groups) {
    const n = Number(g.n);
    total += n;
    if (g.status in byStatus) byStatus[g.status as RequestStatus] += n;
    if (g.problemType in byProblemType) byProblemType[g.problemType as keyof typeof byProblemType] += n;
    const company = companies.get(g.companyId) ?? {
      companyId: g.companyId,
      name: nameOf.get(g.companyId) ?? `#${g.companyId}`,
      count: 0,
    };
    company.count += n;
    companies.set(g.companyId, company);
  }
  return {
    total,
    byStatus,
    byProblemType,
    byCompany: [...companies.values()].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
    completion: {
      count: seconds.length,
      medianSeconds: percentile(seconds, 0.5),
      p90Seconds: percentile(seconds, 0.9),
    },
  };
}

export function toRequestRow(record: RequestRecord, nowMs: number): RequestsReportRow {
  let days: number | null = null;
  if (record.status === 'completed') days = wholeDays(record.createdAt, record.completedAt ?? nowMs);
  else if (record.status !== 'cancelled') days = wholeDays(record.createdAt, nowMs);
  return {
    id: record.id,
    createdAt: record.createdAt,
    status: record.status,
    problemType: record.problemType,
    address: record.address,
    city: record.city,
    district: record.district,
    companyId: record.companyId,
    companyName: record.companyName,
    assigneeId: record.assigneeId,
    assignee: record.assignee,
    poleNumber: record.poleNumber,
    completedAt: record.status === 'completed' ? record.completedAt : null,
    days,
  };
}

/** Every area with its counts and median, sorted by unresolved (open + in progress) requests. */
export async function buildAreaRows(deps: AppDeps, criteria: ReportCriteria): Promise<AreaReportRow[]> {
  const [counts, durations] = await Promise.all([
    countByArea(deps.db, criteria),
    listCompletionSecondsByArea(deps.db, criteria),
  ]);
  const areas = new Map<string, AreaReportRow>();
  let grand = 0;
  for (const c of counts) {
    const key = areaKey(c.city, c.district);
    const row = areas.get(key) ?? {
      key,
      city: c.city,
      district: c.district,
      total: 0,
      byStatus: zeroStatus(),
      share: 0,
      medianSeconds: null,
    };
    row.total += c.n;
    if (c.status in row.byStatus) row.byStatus[c.status] += c.n;
    grand += c.n;
    areas.set(key, row);
  }
  const secondsByArea = new Map<string, number[]>();
  for (const d of durations) {
    const key = areaKey(d.city, d.district);
    const list = secondsByArea.get(key) ?? [];
    list.push(Number(d.seconds));
    secondsByArea.set(key, list);
  }
  for (const row of areas.values()) {
    row.share = grand ? row.total / grand : 0;
    row.medianSeconds = percentile(secondsByArea.get(row.key) ?? [], 0.5);
  }
  return rankAreas([...areas.values()]);
}

export function toPoint(record: PointRecord): MapPoint {
  return {
    id: record.id,
    lat: Number(record.latitude),
    lon: Number(record.longitude),
    status: record.status,
    problemType: record.problemType,
    address: record.address,
  };
}
