// The crew report as a file (issue 37): CSV for spreadsheets (core/csv.ts: ";" and a BOM) or a
// PDF, in the reader's language. Each export is audited like the reports' (report.export),
// then read on the exports' own connection (decision 0044).
import { Readable } from 'node:stream';
import type { Language } from '@acende/shared/enums';
import { translate } from '@acende/shared/i18n/catalogues';
import type { MessageKey } from '@acende/shared/i18n/message-key';
import type { CrewReportFilters } from '@acende/shared/schemas/work-orders';
import type { AppDeps } from '../../app-deps.ts';
import { type AuditActor, recordAudit } from '../../core/audit/audit.repository.ts';
import type { AuthAdmin } from '../../core/company-scope.ts';
import { csvChunks, textCell } from '../../core/csv.ts';
import { formatDate, formatDateTime, formatNumber } from '../../core/format.ts';
import { ReaderGone } from '../../core/pdf.ts';
import { createCrewReportPdf, type PdfColumn, writeCrewReportPdf } from './crew-report.pdf.ts';
import { type CrewReportData, criteriaOf, loadCrewReport } from './crew-report.service.ts';

export type CrewReportFormat = 'csv' | 'pdf';

type T = (key: MessageKey, params?: Record<string, unknown>) => string;
type Figures = CrewReportData['totals'];

const FIGURE_KEYS = ['stops', 'fixed', 'fixedFirstVisit', 'notPossible', 'medianMinutes'] as const;

function figureCells(row: Figures, language: Language): string[] {
  return [
    String(row.stops),
    String(row.fixed),
    String(row.fixedFirstVisit),
    String(row.notPossible),
    row.medianMinutes === null ? '' : formatNumber(row.medianMinutes, language, 1),
  ];
}

const figureColumns = (t: T): PdfColumn[] =>
  FIGURE_KEYS.map((key) => ({
    label: t(`admin-work.report.${key}`),
    width: key === 'medianMinutes' ? 70 : 57,
    align: 'right',
  }));

/** The CSV's lines: a row per crew and day, then the totals. */
async function* csvRows(data: CrewReportData, language: Language, t: T): AsyncGenerator<string[][]> {
  for (let i = 0; i < data.rows.length; i += 500) {
    yield data.rows
      .slice(i, i + 500)
      .map((r) => [
        formatDate(r.day, language),
        textCell(r.crewName),
        textCell(r.companyName),
        ...figureCells(r, language),
      ]);
  }
  yield [[t('admin-work.report.total'), '', '', ...figureCells(data.totals, language)]];
}

function pdfSections(data: CrewReportData, language: Language, t: T) {
  const figures = figureColumns(t);
  return [
    {
      title: t('admin-work.report.byCrew'),
      columns: [
        { label: t('admin-work.report.crew'), width: 130 },
        { label: t('admin-work.report.companyColumn'), width: 92 },
        ...figures,
      ],
      rows: data.crews.map((c) => [c.crewName, c.companyName, ...figureCells(c, language)]),
      total: [t('admin-work.report.total'), '', ...figureCells(data.totals, language)],
    },
    {
      title: t('admin-work.report.byDay'),
      columns: [
        { label: t('admin-work.report.day'), width: 62 },
        { label: t('admin-work.report.crew'), width: 100 },
        { label: t('admin-work.report.companyColumn'), width: 60 },
        ...figures,
      ],
      rows: data.rows.map((r) => [formatDate(r.day, language), r.crewName, r.companyName, ...figureCells(r, language)]),
    },
  ];
}

export async function exportCrewReport(
  deps: AppDeps,
  admin: AuthAdmin,
  format: CrewReportFormat,
  filters: CrewReportFilters,
  language: Language,
  log: { error: (obj: unknown, msg: string) => void },
  actor: AuditActor,
): Promise<{ filename: string; contentType: string; stream: Readable }> {
  const now = deps.clock.now().toISOString();
  await recordAudit(
    deps.db,
    actor,
    { kind: 'report.export', objectType: 'report', objectId: 'crews', after: { format, language, filters } },
    now,
  );
  const t: T = (key, params) => translate(language, key, params);
  const data = await loadCrewReport({ ...deps, db: deps.exportReads }, criteriaOf(admin, filters));
  const filename = `${t('admin-work.report.file')}-${filters.from}-${filters.to}.${format}`;
  if (format === 'csv') {
    const header = [
      t('admin-work.report.day'),
      t('admin-work.report.crew'),
      t('admin-work.report.companyColumn'),
      ...FIGURE_KEYS.map((key) => t(`admin-work.report.${key}`)),
    ];
    return {
      filename,
      contentType: 'text/csv; charset=utf-8',
      stream: Readable.from(csvChunks(header, csvRows(data, language, t)), { highWaterMark: 1 }),
    };
  }
  const title = t('admin-work.report.title');
  const doc = createCrewReportPdf(title);
  const lines = [
    t('admin-work.report.period', { from: formatDate(filters.from, language), to: formatDate(filters.to, language) }),
    t('admin-work.report.generated', { at: formatDateTime(now, language) }),
    `${t('admin-work.report.totals')}: ${FIGURE_KEYS.map((key, i) => `${t(`admin-work.report.${key}`)} ${figureCells(data.totals, language)[i] || '—'}`).join(' · ')}`,
  ];
  setImmediate(() => {
    writeCrewReportPdf(doc, {
      title,
      lines,
      sections: pdfSections(data, language, t),
      pageLabel: (page) => t('admin-work.report.pdfPage', { page }),
    }).catch((error: unknown) => {
      if (error instanceof ReaderGone) return;
      log.error({ err: error }, 'crew report export failed while streaming');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  return { filename, contentType: 'application/pdf', stream: doc as unknown as Readable };
}
