// /admin/reports/sla: repair deadlines (decision 0029) per energy company and problem type —
// repaired, repaired within target and its share, median and p90 time to repair, overdue now.

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useSlaReport } from '../api/get-sla-report.ts';
import { formatDuration, useReportParams } from '../lib/report-params.ts';
import { PagedReport, ReportPage } from './report-page.tsx';

export default function SlaReportPage() {
  const { t, i18n } = useTranslation();
  const { params, setFilters, setPage, setPageSize } = useReportParams();
  const report = useSlaReport(params);
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const numbers = [
    'repaired',
    'repairedWithinTarget',
    'withinTargetShare',
    'medianRepair',
    'p90Repair',
    'overdue',
  ] as const;

  return (
    <ReportPage kind="sla" filters={params} onApply={setFilters}>
      <PagedReport
        query={report}
        onPage={setPage}
        onPageSize={setPageSize}
        table={(data) => (
          <Table
            label={t('admin-reports.reports.kinds.sla.title')}
            className="min-w-[820px]"
            aria-busy={report.isFetching}
          >
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin-reports.reports.columns.company')}</TableHead>
                <TableHead>{t('admin-reports.reports.columns.problemType')}</TableHead>
                {numbers.map((key) => (
                  <TableHead key={key} className="text-right">
                    {t(`admin-reports.reports.columns.${key}`)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => {
                const cells: Record<(typeof numbers)[number], string> = {
                  repaired: String(row.repaired),
                  repairedWithinTarget: String(row.repairedWithinTarget),
                  withinTargetShare: row.withinTargetShare === null ? '—' : percent.format(row.withinTargetShare),
                  medianRepair: formatDuration(row.medianSeconds, i18n.language, t),
                  p90Repair: formatDuration(row.p90Seconds, i18n.language, t),
                  overdue: String(row.overdue),
                };
                return (
                  <TableRow
                    key={`${row.companyId}-${row.problemType}`}
                    data-sla-row={`${row.companyId}-${row.problemType}`}
                  >
                    <TableHead scope="row">{row.companyName}</TableHead>
                    <TableCell label={t('admin-reports.reports.columns.problemType')}>
                      {t(`common.problemType.${row.problemType}`)}
                    </TableCell>
                    {numbers.map((key) => (
                      <TableCell
                        key={key}
                        label={t(`admin-reports.reports.columns.${key}`)}
                        className="text-right tabular-nums"
                      >
                        {cells[key]}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      />
    </ReportPage>
  );
}
