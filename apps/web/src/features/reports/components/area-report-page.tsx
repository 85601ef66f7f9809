// /admin/reports/area: one row per neighbourhood and city, sorted by open requests,
// with a bar chart of the top areas.
import { REQUEST_STATUSES } from '@acende/shared/enums';
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { ScrollRegion } from '../../../components/requests/scroll-region.tsx';
import { useAreaReport, useTopAreas } from '../api/get-area-report.ts';
import { areaName, formatDuration, useReportParams } from '../lib/report-params.ts';
import { ReportPage, ReportState } from './report-page.tsx';
import { ReportSummaryPanel } from './report-summary.tsx';

export default function AreaReportPage() {
  const { t, i18n } = useTranslation();
  const { params, setFilters, setPage, setPageSize } = useReportParams();
  const report = useAreaReport(params);
  const top = useTopAreas(params);
  const data = report.data;
  const unknown = t('reports.area.unknown');
  const percent = new Intl.NumberFormat(i18n.language === 'en' ? 'en-US' : 'pt-BR', {
    style: 'percent',
    maximumFractionDigits: 1,
  });
  const chart = (top.data?.rows ?? [])
    .map((r) => ({ name: areaName(r.city, r.district, unknown), open: r.byStatus.open + r.byStatus.in_progress }))
    .filter((r) => r.open > 0);

  return (
    <ReportPage kind="area" filters={params} onApply={setFilters}>
      <ReportState query={report} empty={data?.totalRows === 0}>
        {data ? (
          <>
            <ReportSummaryPanel summary={data.summary} />
            {chart.length ? (
              <figure className="grid gap-2">
                <figcaption className="font-heading text-lg font-semibold">{t('reports.area.chartTitle')}</figcaption>
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
                      <Bar dataKey="open" name={t('reports.area.open')} fill="#0072b2" isAnimationActive={false} />
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
            {data.rows.length ? (
              <ScrollRegion label={t('reports.kinds.area.title')}>
                <table className="w-full min-w-[820px] border-collapse text-left text-sm" aria-busy={report.isFetching}>
                  <thead>
                    <tr className="border-b border-gray-300">
                      <th scope="col" className="px-2 py-2 font-semibold">
                        {t('reports.columns.area')}
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        {t('reports.columns.total')}
                      </th>
                      {REQUEST_STATUSES.map((s) => (
                        <th key={s} scope="col" className="px-2 py-2 text-right font-semibold">
                          {t(`status.${s}`)}
                        </th>
                      ))}
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        {t('reports.columns.share')}
                      </th>
                      <th scope="col" className="px-2 py-2 text-right font-semibold">
                        {t('reports.columns.median')}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.key} className="border-b border-gray-200">
                        <th scope="row" className="px-2 py-2 text-left font-medium">
                          {areaName(row.city, row.district, unknown)}
                        </th>
                        <td className="px-2 py-2 text-right tabular-nums">{row.total}</td>
                        {REQUEST_STATUSES.map((s) => (
                          <td key={s} className="px-2 py-2 text-right tabular-nums">
                            {row.byStatus[s]}
                          </td>
                        ))}
                        <td className="px-2 py-2 text-right tabular-nums">{percent.format(row.share)}</td>
                        <td className="px-2 py-2 text-right tabular-nums">
                          {formatDuration(row.medianSeconds, i18n.language, t)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            ) : null}
            <div className="print:hidden">
              <Pagination
                page={data.page}
                pageSize={data.pageSize}
                total={data.totalRows}
                onPage={setPage}
                onPageSize={setPageSize}
              />
            </div>
          </>
        ) : null}
      </ReportState>
    </ReportPage>
  );
}
