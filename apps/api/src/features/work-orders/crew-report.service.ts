// The crew report (issue 37): per crew and day over a period of at most 366 days — stops,
// fixed, fixed at the first visit, not possible, median minutes on site — each crew's over the
// period and the totals, in the reader's company scope. The JSON pages the rows; the files hold them all.
import {
  CREW_REPORT_PAGE_SIZE,
  type CrewReport,
  type CrewReportCrew,
  type CrewReportFilters,
  type CrewReportQuery,
  type CrewReportRow,
} from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import { type AuthAdmin, companyScope } from '../../core/company-scope.ts';
import {
  type CrewReportCriteria,
  crewDayFigures,
  crewFigures,
  crewNames,
  type FiguresRow,
  totalFigures,
} from './crew-report.repository.ts';

type Figures = CrewReport['totals'];

/** Seconds as minutes to one decimal: the same rounding whatever engine counted them. */
export function toMinutes(seconds: number | string | null): number | null {
  if (seconds === null) return null;
  return Math.round(Number(seconds) / 6) / 10;
}

function figuresOf(row: FiguresRow | undefined): Figures {
  return {
    stops: Number(row?.stops ?? 0),
    fixed: Number(row?.fixed ?? 0),
    fixedFirstVisit: Number(row?.fixedFirstVisit ?? 0),
    notPossible: Number(row?.notPossible ?? 0),
    medianMinutes: toMinutes(row?.medianSeconds ?? null),
  };
}

export function criteriaOf(admin: AuthAdmin, filters: CrewReportFilters): CrewReportCriteria {
  return { scope: companyScope(admin), ...filters };
}

export interface CrewReportData {
  totals: Figures;
  crews: CrewReportCrew[];
  /** Every row, by day, company and crew name. */
  rows: CrewReportRow[];
}

/** The whole report: three reads of figures and one of the crews' names. */
export async function loadCrewReport(deps: AppDeps, criteria: CrewReportCriteria): Promise<CrewReportData> {
  const [days, crews, totals] = await Promise.all([
    crewDayFigures(deps.db, criteria),
    crewFigures(deps.db, criteria),
    totalFigures(deps.db, criteria),
  ]);
  const names = new Map(
    (
      await crewNames(
        deps.db,
        crews.map((c) => Number(c.crewId)),
      )
    ).map((n) => [n.id, n]),
  );
  const named = (crewId: number) => {
    const name = names.get(crewId);
    return { crewId, crewName: name?.name ?? String(crewId), companyName: name?.companyName ?? '' };
  };
  const byName = (a: { companyName: string; crewName: string }, b: { companyName: string; crewName: string }) =>
    a.companyName.localeCompare(b.companyName, 'pt') || a.crewName.localeCompare(b.crewName, 'pt');
  return {
    totals: figuresOf(totals),
    crews: crews.map((row) => ({ ...named(Number(row.crewId)), ...figuresOf(row) })).sort(byName),
    rows: days
      .map((row) => ({ day: row.day, ...named(Number(row.crewId)), ...figuresOf(row) }))
      .sort((a, b) => a.day.localeCompare(b.day) || byName(a, b)),
  };
}

export async function getCrewReport(deps: AppDeps, admin: AuthAdmin, query: CrewReportQuery): Promise<CrewReport> {
  const { page: asked, ...filters } = query;
  const data = await loadCrewReport(deps, criteriaOf(admin, filters));
  const pages = Math.max(1, Math.ceil(data.rows.length / CREW_REPORT_PAGE_SIZE));
  const page = Math.min(asked ?? 1, pages);
  return {
    from: query.from,
    to: query.to,
    totals: data.totals,
    crews: data.crews,
    rows: data.rows.slice((page - 1) * CREW_REPORT_PAGE_SIZE, page * CREW_REPORT_PAGE_SIZE),
    rowCount: data.rows.length,
    page,
    pageSize: CREW_REPORT_PAGE_SIZE,
  };
}
