// The rules of the four reports (requests, area, location map, repair deadlines) as paged JSON, and the
// filter options, always within the caller's company scope.
import {
  type AreaReport,
  areaKey,
  type LocationMapReport,
  type RatingsReport,
  type ReportFilters,
  type ReportOptions,
  type ReportSummary,
  type RequestsReport,
  type SlaReport,
} from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import { startOfDayUtc } from '../../core/format.ts';
import { iso } from '../../lib/clock.ts';
import { listAreas, listAssignees, listScopedCompanies } from './reports.options.repository.ts';
import { loadRatingsReport } from './reports.ratings.ts';
import { listPoints, listRequestRows, type ReportCriteria } from './reports.repository.ts';
import { buildAreaRows, buildSummary, toPoint, toRequestRow } from './reports.rows.ts';
import { loadSlaReport } from './reports.sla.ts';

export function criteriaFor(admin: AuthAdmin, filters: ReportFilters): ReportCriteria {
  return {
    scope: companyScope(admin),
    filters,
    createdFrom: filters.startDate ? startOfDayUtc(filters.startDate) : null,
    createdBefore: filters.endDate ? startOfDayUtc(filters.endDate, 1) : null,
  };
}

interface PageQuery {
  page: number;
  pageSize: number;
}

export async function getRequestsReport(
  deps: AppDeps,
  admin: AuthAdmin,
  query: ReportFilters & PageQuery,
): Promise<RequestsReport> {
  const criteria = criteriaFor(admin, query);
  const [summary, records] = await Promise.all([
    buildSummary(deps, criteria),
    listRequestRows(deps.db, criteria, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
  ]);
  const now = deps.clock.now().getTime();
  return {
    page: query.page,
    pageSize: query.pageSize,
    totalRows: summary.total,
    generatedAt: iso(deps.clock),
    summary,
    rows: records.map((r) => toRequestRow(r, now)),
  };
}

/** A report whose rows are all built at once, then paged: the area and SLA reports. */
async function pagedReport<Row>(
  deps: AppDeps,
  admin: AuthAdmin,
  query: ReportFilters & PageQuery,
  load: (deps: AppDeps, criteria: ReportCriteria) => Promise<{ rows: Row[]; summary: ReportSummary }>,
) {
  const { rows, summary } = await load(deps, criteriaFor(admin, query));
  const start = (query.page - 1) * query.pageSize;
  return {
    page: query.page,
    pageSize: query.pageSize,
    totalRows: rows.length,
    generatedAt: iso(deps.clock),
    summary,
    rows: rows.slice(start, start + query.pageSize),
  };
}

export function getAreaReport(deps: AppDeps, admin: AuthAdmin, query: ReportFilters & PageQuery): Promise<AreaReport> {
  return pagedReport(deps, admin, query, async (d, criteria) => {
    const [summary, rows] = await Promise.all([buildSummary(d, criteria), buildAreaRows(d, criteria)]);
    return { rows, summary };
  });
}

export async function getLocationMapReport(
  deps: AppDeps,
  admin: AuthAdmin,
  query: ReportFilters & PageQuery,
): Promise<LocationMapReport> {
  const criteria = criteriaFor(admin, query);
  const [summary, points] = await Promise.all([
    buildSummary(deps, criteria),
    listPoints(deps.db, criteria, { offset: (query.page - 1) * query.pageSize, limit: query.pageSize }),
  ]);
  return {
    page: query.page,
    pageSize: query.pageSize,
    totalRows: summary.total,
    generatedAt: iso(deps.clock),
    summary,
    rows: points.map(toPoint),
  };
}

export function getSlaReport(deps: AppDeps, admin: AuthAdmin, query: ReportFilters & PageQuery): Promise<SlaReport> {
  return pagedReport(deps, admin, query, loadSlaReport);
}

export function getRatingsReport(
  deps: AppDeps,
  admin: AuthAdmin,
  query: ReportFilters & PageQuery,
): Promise<RatingsReport> {
  return pagedReport(deps, admin, query, loadRatingsReport);
}

export async function getReportOptions(deps: AppDeps, admin: AuthAdmin): Promise<ReportOptions> {
  const scope = companyScope(admin);
  const [companies, assignees, areas] = await Promise.all([
    listScopedCompanies(deps.db, scope),
    listAssignees(deps.db, scope),
    listAreas(deps.db, scope),
  ]);
  return {
    companies,
    assignees,
    areas: areas.map((a) => ({ key: areaKey(a.city, a.district), city: a.city, district: a.district })),
  };
}
