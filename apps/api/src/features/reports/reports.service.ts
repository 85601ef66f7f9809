// The rules of the three reports (requests, area, location map): what they count, how
// they page, and their PDF and CSV exports, always within the caller's company scope.
import { Readable } from 'node:stream';
import { type Language, PROBLEM_TYPES, REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import {
  type AreaReport,
  type AreaReportRow,
  areaKey,
  FILTER_NAMES,
  type LocationMapReport,
  type MapPoint,
  parseAreaKey,
  type ReportFilters,
  type ReportKind,
  type ReportOptions,
  type ReportSummary,
  type RequestsReport,
  type RequestsReportRow,
  type StatusCounts,
} from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { iso } from '../../lib/clock.ts';
import { type AuthAdmin, companyScope } from '../auth/sessions.service.ts';
import { csvChunks, textCell } from './reports.csv.ts';
import {
  areaLabel,
  formatDate,
  formatDateTime,
  formatDuration,
  formatNumber,
  percentile,
  startOfDayUtc,
  wholeDays,
} from './reports.format.ts';
import { createPdf, ReaderGone, writePdf } from './reports.pdf.ts';
import {
  countByArea,
  countGroups,
  findAdminName,
  findCompanyName,
  findPointBounds,
  iteratePoints,
  iterateRequestRows,
  listAreas,
  listAssignees,
  listCompanyNames,
  listCompletionSeconds,
  listCompletionSecondsByArea,
  listPoints,
  listRequestRows,
  listScopedCompanies,
  type PointRecord,
  type ReportCriteria,
  type RequestRecord,
} from './reports.repository.ts';

export type ExportFormat = 'pdf' | 'csv';

/** Status colours shared with the web map (colour-blind-safe, readable on white). */
export const STATUS_COLORS: Record<RequestStatus, string> = {
  open: '#d55e00',
  in_progress: '#0072b2',
  completed: '#009e73',
  cancelled: '#6b7280',
};

export function criteriaFor(admin: AuthAdmin, filters: ReportFilters): ReportCriteria {
  return {
    scope: companyScope(admin),
    filters,
    createdFrom: filters.startDate ? startOfDayUtc(filters.startDate) : null,
    createdBefore: filters.endDate ? startOfDayUtc(filters.endDate, 1) : null,
  };
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

function toRequestRow(record: RequestRecord, nowMs: number): RequestsReportRow {
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
    completedAt: record.status === 'completed' ? record.completedAt : null,
    days,
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

/** Every area with its counts and median, sorted by unresolved (open + in progress) requests. */
async function buildAreaRows(deps: AppDeps, criteria: ReportCriteria): Promise<AreaReportRow[]> {
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
  const unresolved = (r: AreaReportRow) => r.byStatus.open + r.byStatus.in_progress;
  return [...areas.values()].sort(
    (a, b) =>
      unresolved(b) - unresolved(a) ||
      b.total - a.total ||
      (a.city ?? '\uffff').localeCompare(b.city ?? '\uffff') ||
      (a.district ?? '\uffff').localeCompare(b.district ?? '\uffff'),
  );
}

export async function getAreaReport(
  deps: AppDeps,
  admin: AuthAdmin,
  query: ReportFilters & PageQuery,
): Promise<AreaReport> {
  const criteria = criteriaFor(admin, query);
  const [summary, rows] = await Promise.all([buildSummary(deps, criteria), buildAreaRows(deps, criteria)]);
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

function toPoint(record: PointRecord): MapPoint {
  return {
    id: record.id,
    lat: Number(record.latitude),
    lon: Number(record.longitude),
    status: record.status,
    problemType: record.problemType,
    address: record.address,
  };
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

// ——— Exports ———————————————————————————————————————————————————————————————

const FILTER_LABEL_KEYS: Record<(typeof FILTER_NAMES)[number], string> = {
  status: 'reports.filters.status',
  startDate: 'reports.filters.startDate',
  endDate: 'reports.filters.endDate',
  q: 'reports.filters.search',
  assigneeId: 'reports.filters.assignee',
  companyId: 'reports.filters.company',
  problemType: 'reports.filters.problemType',
  area: 'reports.filters.area',
};

/**
 * The filters applied, as "Label: value" lines in the reader's language. A company or
 * account outside the reader's scope is written as its number only: the report holds
 * none of its requests anyway (the scope wins, as in the lists), and its name is not
 * the reader's to learn.
 */
export async function describeFilters(
  deps: AppDeps,
  scope: number[] | null,
  filters: ReportFilters,
  language: Language,
): Promise<string[]> {
  const t = (key: string) => translate(language, key);
  const lines: string[] = [];
  for (const name of FILTER_NAMES) {
    const value = filters[name];
    if (value === undefined) continue;
    let text: string;
    switch (name) {
      case 'status':
        text = t(`status.${value}`);
        break;
      case 'problemType':
        text = t(`problemType.${value}`);
        break;
      case 'startDate':
      case 'endDate':
        text = formatDate(String(value), language);
        break;
      case 'assigneeId':
        text = (await findAdminName(deps.db, Number(value), scope))?.name ?? `#${value}`;
        break;
      case 'companyId':
        text = (await findCompanyName(deps.db, Number(value), scope))?.name ?? `#${value}`;
        break;
      case 'area': {
        const { city, district } = parseAreaKey(String(value));
        text = areaLabel(city, district, language);
        break;
      }
      default:
        text = String(value);
    }
    lines.push(`${t(FILTER_LABEL_KEYS[name])}: ${text}`);
  }
  return lines.length ? lines : [t('reports.filters.none')];
}

export function summaryLines(summary: ReportSummary, language: Language): string[] {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const list = (pairs: [string, number][]) => pairs.map(([label, n]) => `${label} ${n}`).join(' · ');
  const completion = summary.completion.count
    ? `${t('reports.summary.completion')}: ${t('reports.summary.median')} ${formatDuration(summary.completion.medianSeconds, language)} · ${t('reports.summary.p90')} ${formatDuration(summary.completion.p90Seconds, language)} (${t('reports.summary.completedCount', { count: summary.completion.count })})`
    : `${t('reports.summary.completion')}: ${t('reports.summary.noCompleted')}`;
  return [
    `${t('reports.summary.total')}: ${summary.total}`,
    `${t('reports.summary.byStatus')}: ${list(REQUEST_STATUSES.map((s) => [t(`status.${s}`), summary.byStatus[s]]))}`,
    `${t('reports.summary.byProblemType')}: ${list(PROBLEM_TYPES.map((p) => [t(`problemType.${p}`), summary.byProblemType[p]]))}`,
    `${t('reports.summary.byCompany')}: ${summary.byCompany.length ? list(summary.byCompany.map((c) => [c.name, c.count])) : '—'}`,
    completion,
  ];
}

interface ExportSpec {
  columns: { key: string; width: number; align?: 'left' | 'right' }[];
  csvHeader: string[];
  pdfRows: AsyncIterable<string[][]>;
  csvRows: AsyncIterable<string[][]>;
}

async function* mapBatches<T>(source: AsyncIterable<T[]>, fn: (item: T) => string[]): AsyncGenerator<string[][]> {
  for await (const batch of source) yield batch.map(fn);
}

async function* arrayBatches<T>(items: T[], size = 500): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

function requestsSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const now = deps.clock.now().getTime();
  const rows = () => mapBatchesOf(iterateRequestRows(deps.db, criteria), (r) => toRequestRow(r, now));
  const columns = [
    { key: 'id', width: 45, align: 'right' as const },
    { key: 'date', width: 72 },
    { key: 'status', width: 62 },
    { key: 'problemType', width: 72 },
    { key: 'address', width: 205 },
    { key: 'area', width: 110 },
    { key: 'company', width: 60 },
    { key: 'assignee', width: 86 },
    { key: 'days', width: 70 },
  ];
  const daysText = (r: RequestsReportRow) =>
    r.days === null
      ? '—'
      : t(r.status === 'completed' ? 'reports.days.toComplete' : 'reports.days.open', { count: r.days });
  return {
    columns,
    csvHeader: [
      'id',
      'date',
      'status',
      'problemType',
      'address',
      'district',
      'city',
      'company',
      'assignee',
      'daysOpen',
      'daysToComplete',
    ].map((k) => t(`reports.columns.${k}`)),
    pdfRows: mapBatches(rows(), (r) => [
      String(r.id),
      formatDateTime(r.createdAt, language),
      t(`status.${r.status}`),
      t(`problemType.${r.problemType}`),
      r.address,
      areaLabel(r.city, r.district, language),
      r.companyName,
      r.assignee ?? '—',
      daysText(r),
    ]),
    csvRows: mapBatches(rows(), (r) => [
      String(r.id),
      formatDateTime(r.createdAt, language),
      t(`status.${r.status}`),
      t(`problemType.${r.problemType}`),
      textCell(r.address),
      textCell(r.district),
      textCell(r.city),
      textCell(r.companyName),
      textCell(r.assignee),
      r.days !== null && r.status !== 'completed' ? String(r.days) : '',
      r.days !== null && r.status === 'completed' ? String(r.days) : '',
    ]),
  };
}

async function* mapBatchesOf<T, U>(source: AsyncIterable<T[]>, fn: (item: T) => U): AsyncGenerator<U[]> {
  for await (const batch of source) yield batch.map(fn);
}

function areaSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  const t = (key: string) => translate(language, key);
  // Areas are few: they are counted when the first row is asked for, then written out.
  async function* areaBatches(): AsyncGenerator<AreaReportRow[]> {
    yield* arrayBatches(await buildAreaRows(deps, criteria));
  }
  const statusCells = (r: AreaReportRow) => REQUEST_STATUSES.map((s) => String(r.byStatus[s]));
  return {
    columns: [
      { key: 'area', width: 230 },
      { key: 'total', width: 60, align: 'right' },
      { key: 'open', width: 70, align: 'right' },
      { key: 'in_progress', width: 80, align: 'right' },
      { key: 'completed', width: 80, align: 'right' },
      { key: 'cancelled', width: 80, align: 'right' },
      { key: 'share', width: 70, align: 'right' },
      { key: 'median', width: 112, align: 'right' },
    ],
    csvHeader: ['district', 'city', 'total', ...REQUEST_STATUSES, 'sharePercent', 'medianDays'].map((k) =>
      t(`reports.columns.${k}`),
    ),
    pdfRows: mapBatches(areaBatches(), (r) => [
      areaLabel(r.city, r.district, language),
      String(r.total),
      ...statusCells(r),
      `${formatNumber(r.share * 100, language, 1)}%`,
      formatDuration(r.medianSeconds, language),
    ]),
    csvRows: mapBatches(areaBatches(), (r) => [
      textCell(r.district ?? ''),
      textCell(r.city ?? ''),
      String(r.total),
      ...statusCells(r),
      formatNumber(r.share * 100, language, 1),
      r.medianSeconds === null ? '' : formatNumber(r.medianSeconds / 86400, language, 2),
    ]),
  };
}

function mapSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  const t = (key: string) => translate(language, key);
  const cells = (p: MapPoint, guard: (s: string) => string) => [
    String(p.id),
    t(`status.${p.status}`),
    t(`problemType.${p.problemType}`),
    guard(p.address),
    formatNumber(p.lat, language, 6),
    formatNumber(p.lon, language, 6),
  ];
  const points = () => mapBatchesOf(iteratePoints(deps.db, criteria), toPoint);
  return {
    columns: [
      { key: 'id', width: 50, align: 'right' },
      { key: 'status', width: 80 },
      { key: 'problemType', width: 100 },
      { key: 'address', width: 392 },
      { key: 'latitude', width: 80, align: 'right' },
      { key: 'longitude', width: 80, align: 'right' },
    ],
    csvHeader: ['id', 'status', 'problemType', 'address', 'latitude', 'longitude'].map((k) =>
      t(`reports.columns.${k}`),
    ),
    pdfRows: mapBatches(points(), (p) => cells(p, (s) => s)),
    csvRows: mapBatches(points(), (p) => cells(p, textCell)),
  };
}

const FILE_NAMES: Record<ReportKind, Record<Language, string>> = {
  requests: { pt: 'relatorio-solicitacoes', en: 'requests-report' },
  area: { pt: 'relatorio-areas', en: 'area-report' },
  'location-map': { pt: 'relatorio-mapa', en: 'location-map-report' },
};

export interface ExportResult {
  filename: string;
  contentType: string;
  stream: Readable;
}

/**
 * Starts an export: the summary is computed first, then the rows are read in batches
 * and written while the caller streams the result out.
 */
export async function exportReport(
  deps: AppDeps,
  admin: AuthAdmin,
  kind: ReportKind,
  format: ExportFormat,
  filters: ReportFilters,
  language: Language,
  log: { error: (obj: unknown, msg: string) => void },
): Promise<ExportResult> {
  const criteria = criteriaFor(admin, filters);
  const now = deps.clock.now();
  const stamp = formatDateTime(now.toISOString(), 'en').slice(0, 10);
  const filename = `${FILE_NAMES[kind][language]}-${stamp}.${format}`;
  const spec =
    kind === 'requests'
      ? requestsSpec(deps, criteria, language)
      : kind === 'area'
        ? areaSpec(deps, criteria, language)
        : mapSpec(deps, criteria, language);

  if (format === 'csv') {
    // Nothing else to wait for: the first rows are read as the reader asks for them.
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      stream: Readable.from(csvChunks(spec.csvHeader, spec.csvRows), { highWaterMark: 1 }),
    };
  }

  const t = (key: string, params?: Record<string, unknown>) => translate(language, key, params);
  const title = t(`reports.kinds.${kind}.title`);
  // The document (and so the response) starts at once; the summary is written as soon
  // as it is counted, then the rows as they are read.
  const doc = createPdf(title);
  const write = async () => {
    const [summary, filterLines, bounds] = await Promise.all([
      buildSummary(deps, criteria),
      describeFilters(deps, criteria.scope, filters, language),
      kind === 'location-map' ? findPointBounds(deps.db, criteria) : Promise.resolve(null),
    ]);
    await writePdf(doc, {
      title,
      generatedAt: { label: t('reports.export.generatedAt'), value: formatDateTime(now.toISOString(), language) },
      filters: { label: t('reports.export.filters'), lines: filterLines },
      summary: { title: t('reports.summary.title'), lines: summaryLines(summary, language) },
      pageLabel: (page) => t('reports.export.page', { page }),
      frame:
        kind === 'location-map'
          ? {
              caption: t('reports.export.frame'),
              legendTitle: t('reports.map.legend'),
              bounds,
              legend: REQUEST_STATUSES.map((s) => ({ label: t(`status.${s}`), color: STATUS_COLORS[s] })),
              points: () =>
                mapBatchesOf(iteratePoints(deps.db, criteria), (p) => ({
                  lat: Number(p.latitude),
                  lon: Number(p.longitude),
                  color: STATUS_COLORS[p.status],
                })),
            }
          : undefined,
      columns: spec.columns.map((c) => ({ label: t(`reports.columns.${c.key}`), width: c.width, align: c.align })),
      rows: spec.pdfRows,
    });
  };
  // One turn first, so the response headers and the PDF header leave before the counting.
  setImmediate(() => {
    write().catch((error: unknown) => {
      if (error instanceof ReaderGone) return;
      log.error({ err: error }, 'report export failed while streaming');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return { filename, contentType: 'application/pdf', stream: doc as unknown as Readable };
}
