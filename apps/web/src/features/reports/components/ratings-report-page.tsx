// /admin/reports/ratings: citizens' ratings of the repairs (issue 35, decision 0050) per energy
// company — rated requests, the mean score, the low (1–2) and high (4–5) scores.

import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRatingsReport } from '../api/get-ratings-report.ts';
import { useReportParams } from '../lib/report-params.ts';
import { PagedReport, ReportPage } from './report-page.tsx';

const NUMBERS = ['ratings', 'averageScore', 'lowScores', 'highScores'] as const;

export default function RatingsReportPage() {
  const { t, i18n } = useTranslation();
  const { params, setFilters, setPage, setPageSize } = useReportParams();
  const report = useRatingsReport(params);
  const mean = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });

  return (
    <ReportPage kind="ratings" filters={params} onApply={setFilters}>
      <PagedReport
        query={report}
        onPage={setPage}
        onPageSize={setPageSize}
        table={(data) => (
          <Table label={t('admin-reports.reports.kinds.ratings.title')} aria-busy={report.isFetching}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin-reports.reports.columns.company')}</TableHead>
                {NUMBERS.map((key) => (
                  <TableHead key={key} className="text-right">
                    {t(`admin-reports.reports.columns.${key}`)}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => {
                const cells: Record<(typeof NUMBERS)[number], string> = {
                  ratings: String(row.ratings),
                  averageScore: mean.format(row.averageScore),
                  lowScores: String(row.low),
                  highScores: String(row.high),
                };
                return (
                  <TableRow key={row.companyId} data-ratings-row={row.companyId}>
                    <TableHead scope="row">{row.companyName}</TableHead>
                    {NUMBERS.map((key) => (
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
