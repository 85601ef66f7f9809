// The columns and cells of each report kind's export, for the PDF table and the CSV file,
// read from the database in batches as the writer asks for them.
import { type Language, REQUEST_STATUSES } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type {
  AreaReportRow,
  MapPoint,
  RatingsReportRow,
  RequestsReportRow,
  SlaReportRow,
} from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { textCell } from '../../core/csv.ts';
import { areaLabel, formatDateTime, formatDuration, formatNumber } from '../../core/format.ts';
import { loadRatingsReport } from './reports.ratings.ts';
import { iteratePoints, iterateRequestRows, type ReportCriteria } from './reports.repository.ts';
import { buildAreaRows, toPoint, toRequestRow } from './reports.rows.ts';
import { buildSlaRows } from './reports.sla.ts';

type Below<Key, Prefix extends string> = Key extends `${Prefix}${infer Rest}` ? Rest : never;
/** A column, named as its heading is in the catalogue (admin-reports.reports.columns.*). */
type ColumnKey = Below<MessageKey, 'admin-reports.reports.columns.'>;

interface ExportSpec {
  columns: { key: ColumnKey; width: number; align?: 'left' | 'right' }[];
  csvHeader: string[];
  pdfRows: AsyncIterable<string[][]>;
  csvRows: AsyncIterable<string[][]>;
}

/**
 * Rows read per statement: on SQLite a read holds the event loop (1,000 rows took ~45 ms on a
 * loaded machine), so exports read in small batches and give the loop back between them.
 */
export const EXPORT_BATCH = 250;

const headings = (language: Language, keys: ColumnKey[]) =>
  keys.map((key) => translate(language, `admin-reports.reports.columns.${key}`));

/** Each batch of `source` with `fn` applied to its items, read as the batches are asked for. */
export async function* mapBatches<T, U>(source: AsyncIterable<T[]>, fn: (item: T) => U): AsyncGenerator<U[]> {
  for await (const batch of source) yield batch.map(fn);
}

async function* arrayBatches<T>(items: T[], size = 500): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) yield items.slice(i, i + size);
}

export function requestsSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  const t = (key: MessageKey, params?: Record<string, unknown>) => translate(language, key, params);
  const now = deps.clock.now().getTime();
  const rows = () => mapBatches(iterateRequestRows(deps.db, criteria, EXPORT_BATCH), (r) => toRequestRow(r, now));
  const columns: ExportSpec['columns'] = [
    { key: 'id', width: 45, align: 'right' },
    { key: 'date', width: 72 },
    { key: 'status', width: 62 },
    { key: 'problemType', width: 72 },
    { key: 'address', width: 155 },
    { key: 'pole', width: 50 },
    { key: 'area', width: 110 },
    { key: 'company', width: 60 },
    { key: 'assignee', width: 86 },
    { key: 'days', width: 70 },
  ];
  const daysText = (r: RequestsReportRow) =>
    r.days === null
      ? '—'
      : t(r.status === 'completed' ? 'admin-reports.reports.days.toComplete' : 'admin-reports.reports.days.open', {
          count: r.days,
        });
  return {
    columns,
    csvHeader: headings(language, [
      'id',
      'date',
      'status',
      'problemType',
      'address',
      'pole',
      'district',
      'city',
      'company',
      'assignee',
      'daysOpen',
      'daysToComplete',
    ]),
    pdfRows: mapBatches(rows(), (r) => [
      String(r.id),
      formatDateTime(r.createdAt, language),
      t(`common.status.${r.status}`),
      t(`common.problemType.${r.problemType}`),
      r.address,
      r.poleNumber ?? '—',
      areaLabel(r.city, r.district, language),
      r.companyName,
      r.assignee ?? '—',
      daysText(r),
    ]),
    csvRows: mapBatches(rows(), (r) => [
      String(r.id),
      formatDateTime(r.createdAt, language),
      t(`common.status.${r.status}`),
      t(`common.problemType.${r.problemType}`),
      textCell(r.address),
      textCell(r.poleNumber),
      textCell(r.district),
      textCell(r.city),
      textCell(r.companyName),
      textCell(r.assignee),
      r.days !== null && r.status !== 'completed' ? String(r.days) : '',
      r.days !== null && r.status === 'completed' ? String(r.days) : '',
    ]),
  };
}

export function areaSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
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
    csvHeader: headings(language, ['district', 'city', 'total', ...REQUEST_STATUSES, 'sharePercent', 'medianDays']),
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

export function mapSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  const t = (key: MessageKey) => translate(language, key);
  const cells = (p: MapPoint, guard: (s: string) => string) => [
    String(p.id),
    t(`common.status.${p.status}`),
    t(`common.problemType.${p.problemType}`),
    guard(p.address),
    formatNumber(p.lat, language, 6),
    formatNumber(p.lon, language, 6),
  ];
  const points = () => mapBatches(iteratePoints(deps.db, criteria, EXPORT_BATCH), toPoint);
  return {
    columns: [
      { key: 'id', width: 50, align: 'right' },
      { key: 'status', width: 80 },
      { key: 'problemType', width: 100 },
      { key: 'address', width: 392 },
      { key: 'latitude', width: 80, align: 'right' },
      { key: 'longitude', width: 80, align: 'right' },
    ],
    csvHeader: headings(language, ['id', 'status', 'problemType', 'address', 'latitude', 'longitude']),
    pdfRows: mapBatches(points(), (p) => cells(p, (s) => s)),
    csvRows: mapBatches(points(), (p) => cells(p, textCell)),
  };
}

export function slaSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  const t = (key: MessageKey) => translate(language, key);
  // A row per company and problem type: few, computed when the first row is asked for.
  async function* slaBatches(): AsyncGenerator<SlaReportRow[]> {
    yield* arrayBatches(await buildSlaRows(deps, criteria));
  }
  const share = (r: SlaReportRow) => (r.withinTargetShare === null ? null : r.withinTargetShare * 100);
  const hours = (seconds: number | null) => (seconds === null ? '' : formatNumber(seconds / 3600, language, 2));
  return {
    columns: [
      { key: 'company', width: 170 },
      { key: 'problemType', width: 110 },
      { key: 'repaired', width: 70, align: 'right' },
      { key: 'repairedWithinTarget', width: 90, align: 'right' },
      { key: 'withinTargetShare', width: 80, align: 'right' },
      { key: 'medianRepair', width: 90, align: 'right' },
      { key: 'p90Repair', width: 90, align: 'right' },
      { key: 'overdue', width: 80, align: 'right' },
    ],
    csvHeader: headings(language, [
      'company',
      'problemType',
      'repaired',
      'repairedWithinTarget',
      'withinTargetPercent',
      'medianRepairHours',
      'p90RepairHours',
      'overdue',
    ]),
    pdfRows: mapBatches(slaBatches(), (r) => {
      const percent = share(r);
      return [
        r.companyName,
        t(`common.problemType.${r.problemType}`),
        String(r.repaired),
        String(r.repairedWithinTarget),
        percent === null ? '—' : `${formatNumber(percent, language, 1)}%`,
        formatDuration(r.medianSeconds, language),
        formatDuration(r.p90Seconds, language),
        String(r.overdue),
      ];
    }),
    csvRows: mapBatches(slaBatches(), (r) => {
      const percent = share(r);
      return [
        textCell(r.companyName),
        t(`common.problemType.${r.problemType}`),
        String(r.repaired),
        String(r.repairedWithinTarget),
        percent === null ? '' : formatNumber(percent, language, 1),
        hours(r.medianSeconds),
        hours(r.p90Seconds),
        String(r.overdue),
      ];
    }),
  };
}

/** Citizens' ratings (decision 0050): a row per company, few, computed when the first is asked for. */
export function ratingsSpec(deps: AppDeps, criteria: ReportCriteria, language: Language): ExportSpec {
  async function* ratingBatches(): AsyncGenerator<RatingsReportRow[]> {
    yield* arrayBatches((await loadRatingsReport(deps, criteria)).rows);
  }
  const cells = (r: RatingsReportRow, guard: (s: string) => string) => [
    guard(r.companyName),
    String(r.ratings),
    formatNumber(r.averageScore, language, 2),
    String(r.low),
    String(r.high),
  ];
  return {
    columns: [
      { key: 'company', width: 250 },
      { key: 'ratings', width: 100, align: 'right' },
      { key: 'averageScore', width: 110, align: 'right' },
      { key: 'lowScores', width: 110, align: 'right' },
      { key: 'highScores', width: 110, align: 'right' },
    ],
    csvHeader: headings(language, ['company', 'ratings', 'averageScore', 'lowScores', 'highScores']),
    pdfRows: mapBatches(ratingBatches(), (r) => cells(r, (s) => s)),
    csvRows: mapBatches(ratingBatches(), (r) => cells(r, textCell)),
  };
}
