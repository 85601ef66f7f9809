// /admin/reports/area: one row per neighbourhood and city, sorted by unresolved (open or in progress) requests,
// with a bar chart of the top areas.
import { REQUEST_STATUSES } from '@acende/shared/enums';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAreaReport, useTopAreas } from '../api/get-area-report.ts';
import { areaName, formatDuration, useReportParams } from '../lib/report-params.ts';
import { PagedReport, ReportPage } from './report-page.tsx';

export default function AreaReportPage() {
  const { t, i18n } = useTranslation();
  const { params, setFilters, setPage, setPageSize } = useReportParams();
  const report = useAreaReport(params);
  const top = useTopAreas(params);
  const unknown = t('admin-reports.reports.area.unknown');
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const chart = (top.data?.rows ?? [])
    .map((r) => ({ name: areaName(r.city, r.district, unknown), open: r.byStatus.open + r.byStatus.in_progress }))
    .filter((r) => r.open > 0);

  return (
    <ReportPage kind="area" filters={params} onApply={setFilters}>
      <PagedReport
        query={report}
        onPage={setPage}
        onPageSize={setPageSize}
        table={(data) => (
          <Table
            label={t('admin-reports.reports.kinds.area.title')}
            className="min-w-[820px]"
            aria-busy={report.isFetching}
          >
            <TableHeader>
              <TableRow>
                <TableHead>{t('admin-reports.reports.columns.area')}</TableHead>
                <TableHead className="text-right">{t('admin-reports.reports.columns.total')}</TableHead>
                {REQUEST_STATUSES.map((s) => (
                  <TableHead key={s} className="text-right">
                    {t(`common.status.${s}`)}
                  </TableHead>
                ))}
                <TableHead className="text-right">{t('admin-reports.reports.columns.share')}</TableHead>
                <TableHead className="text-right">{t('admin-reports.reports.columns.median')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.key}>
                  <TableHead scope="row">{areaName(row.city, row.district, unknown)}</TableHead>
                  <TableCell label={t('admin-reports.reports.columns.total')} className="text-right tabular-nums">
                    {row.total}
                  </TableCell>
                  {REQUEST_STATUSES.map((s) => (
                    <TableCell key={s} label={t(`common.status.${s}`)} className="text-right tabular-nums">
                      {row.byStatus[s]}
                    </TableCell>
                  ))}
                  <TableCell label={t('admin-reports.reports.columns.share')} className="text-right tabular-nums">
                    {percent.format(row.share)}
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.median')} className="text-right tabular-nums">
                    {formatDuration(row.medianSeconds, i18n.language, t)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      >
        {chart.length ? (
          <figure className="grid gap-2">
            <figcaption className="font-heading text-lg font-semibold">
              {t('admin-reports.reports.area.chartTitle')}
            </figcaption>
            <div className="h-72 w-full" aria-hidden="true">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart
                  data={chart}
                  layout="vertical"
                  margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
                  accessibilityLayer={false}
                >
                  <CartesianGrid strokeDasharray="3 3" horizontal={false} />
                  <XAxis type="number" allowDecimals={false} />
                  <YAxis type="category" dataKey="name" width={150} tick={{ fontSize: 12 }} />
                  <Tooltip />
                  <Bar
                    dataKey="open"
                    name={t('admin-reports.reports.area.open')}
                    fill="#0072b2"
                    isAnimationActive={false}
                  />
                </BarChart>
              </ResponsiveContainer>
            </div>
            <ul className="sr-only">
              {chart.map((r) => (
                <li key={r.name}>
                  {r.name}: {r.open}
                </li>
              ))}
            </ul>
          </figure>
        ) : null}
      </PagedReport>
    </ReportPage>
  );
}
