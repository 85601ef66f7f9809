// A report exported as a file: CSV streamed as its rows are read, or a PDF that starts at
// once and writes the summary, the location map's frame and the rows as they come.
import { Readable } from 'node:stream';
import { type Language, REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { ReportFilters, ReportKind } from '@acende/shared/schemas/reports';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { csvChunks } from '../../core/csv.ts';
import { formatDateTime } from '../../core/format.ts';
import { loadTileLayer, plainAttribution, tileBreakerFor, tileUserAgent } from '../../core/map-tiles.ts';
import { ReaderGone } from '../../core/pdf.ts';
import {
  areaSpec,
  EXPORT_BATCH,
  mapBatches,
  mapSpec,
  ratingsSpec,
  requestsSpec,
  slaSpec,
} from './reports.export-rows.ts';
import { createPdf, writePdf } from './reports.pdf.ts';
import { describeFilters, summaryLines } from './reports.pdf-header.ts';
import { findPointBounds, iteratePoints } from './reports.repository.ts';
import { buildSummary } from './reports.rows.ts';
import { criteriaFor } from './reports.service.ts';
import { loadSlaReport } from './reports.sla.ts';

export type ExportFormat = 'pdf' | 'csv';

/** Status colours shared with the web map (colour-blind-safe, readable on white). */
export const STATUS_COLORS: Record<RequestStatus, string> = {
  open: '#d55e00',
  in_progress: '#0072b2',
  completed: '#009e73',
  cancelled: '#6b7280',
};

/** Tile servers ask to be told who is calling (OpenStreetMap's tile usage policy). */

const FILE_NAMES: Record<ReportKind, Record<Language, string>> = {
  requests: { pt: 'relatorio-solicitacoes', en: 'requests-report' },
  area: { pt: 'relatorio-areas', en: 'area-report' },
  'location-map': { pt: 'relatorio-mapa', en: 'location-map-report' },
  sla: { pt: 'relatorio-prazos-de-reparo', en: 'repair-deadlines-report' },
  ratings: { pt: 'relatorio-avaliacoes', en: 'ratings-report' },
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
  actor: AuditActor,
): Promise<ExportResult> {
  const criteria = criteriaFor(admin, filters);
  const now = deps.clock.now();
  // An export may carry citizens' names and contacts: one audit row, written alone, with the
  // filters. The search text is left out (it is often a citizen's name or phone, which the
  // audit log would keep for years after retention removed it): only whether there was one.
  const { q, ...kept } = filters;
  await recordAudit(
    deps.db,
    actor,
    {
      kind: 'report.export',
      objectType: 'report',
      objectId: kind,
      after: { format, language, filters: { ...kept, ...(q ? { search: true } : {}) } },
    },
    now.toISOString(),
  );
  // Everything below only reads, on the exports' own connection (decision 0044).
  const reads: AppDeps = { ...deps, db: deps.exportReads };
  const stamp = formatDateTime(now.toISOString(), 'en').slice(0, 10);
  const filename = `${FILE_NAMES[kind][language]}-${stamp}.${format}`;
  const spec =
    kind === 'requests'
      ? requestsSpec(reads, criteria, language)
      : kind === 'area'
        ? areaSpec(reads, criteria, language)
        : kind === 'sla'
          ? slaSpec(reads, criteria, language)
          : kind === 'ratings'
            ? ratingsSpec(reads, criteria, language)
            : mapSpec(reads, criteria, language);

  if (format === 'csv') {
    // Nothing else to wait for: the first rows are read as the reader asks for them.
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      stream: Readable.from(csvChunks(spec.csvHeader, spec.csvRows), { highWaterMark: 1 }),
    };
  }

  const t = (key: MessageKey, params?: Record<string, unknown>) => translate(language, key, params);
  const title = t(`admin-reports.reports.kinds.${kind}.title`);
  // The document (and so the response) starts at once; the summary is written as soon
  // as it is counted, then the rows as they are read.
  const doc = createPdf(title);
  const write = async () => {
    const [summary, filterLines, bounds] = await Promise.all([
      kind === 'sla' ? loadSlaReport(reads, criteria).then((sla) => sla.summary) : buildSummary(reads, criteria),
      describeFilters(reads, criteria.scope, filters, language),
      kind === 'location-map' ? findPointBounds(reads.db, criteria) : Promise.resolve(null),
    ]);
    await writePdf(doc, {
      title,
      generatedAt: {
        label: t('admin-reports.reports.export.generatedAt'),
        value: formatDateTime(now.toISOString(), language),
      },
      filters: { label: t('admin-reports.reports.export.filters'), lines: filterLines },
      summary: { title: t('admin-reports.reports.summary.title'), lines: summaryLines(summary, language) },
      pageLabel: (page) => t('admin-reports.reports.export.page', { page }),
      frame:
        kind === 'location-map'
          ? {
              caption: t('admin-reports.reports.export.frame'),
              legendTitle: t('admin-reports.reports.map.legend'),
              bounds,
              legend: REQUEST_STATUSES.map((s) => ({ label: t(`common.status.${s}`), color: STATUS_COLORS[s] })),
              tiles: bounds
                ? {
                    load: (area) =>
                      loadTileLayer(deps.config.TILE_URL, tileUserAgent(deps), bounds, area, tileBreakerFor(deps)),
                    attribution: t('admin-templates.reports.export.tilesAttribution', {
                      attribution: plainAttribution(deps.config.TILE_ATTRIBUTION),
                    }),
                    unavailable: t('admin-templates.reports.export.tilesUnavailable'),
                  }
                : undefined,
              points: () =>
                mapBatches(iteratePoints(reads.db, criteria, EXPORT_BATCH), (p) => ({
                  lat: Number(p.latitude),
                  lon: Number(p.longitude),
                  color: STATUS_COLORS[p.status],
                })),
            }
          : undefined,
      columns: spec.columns.map((c) => ({
        label: t(`admin-reports.reports.columns.${c.key}`),
        width: c.width,
        align: c.align,
      })),
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
