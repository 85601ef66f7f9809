// /admin/reports/requests: the matching requests in a paged table under the summary.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../components/requests/format.ts';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { ScrollRegion } from '../../../components/requests/scroll-region.tsx';
import { StatusBadge } from '../../../components/requests/status-badge.tsx';
import { useRequestsReport } from '../api/get-requests-report.ts';
import { areaName, useReportParams } from '../lib/report-params.ts';
import { ReportPage, ReportState } from './report-page.tsx';
import { ReportSummaryPanel } from './report-summary.tsx';

const COLUMNS = ['id', 'date', 'status', 'problemType', 'address', 'area', 'company', 'assignee', 'days'] as const;

export default function RequestsReportPage() {
  const { t, i18n } = useTranslation();
  const { params, setFilters, setPage, setPageSize } = useReportParams();
  const report = useRequestsReport(params);
  const data = report.data;
  return (
    <ReportPage kind="requests" filters={params} onApply={setFilters}>
      <ReportState query={report} empty={data?.totalRows === 0}>
        {data ? (
          <>
            <ReportSummaryPanel summary={data.summary} />
            {data.rows.length ? (
              <ScrollRegion label={t('reports.kinds.requests.title')}>
                <table className="w-full min-w-[900px] border-collapse text-left text-sm" aria-busy={report.isFetching}>
                  <thead>
                    <tr className="border-b border-gray-300">
                      {COLUMNS.map((column) => (
                        <th key={column} scope="col" className="px-2 py-2 font-semibold">
                          {t(`reports.columns.${column}`)}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.rows.map((row) => (
                      <tr key={row.id} className="border-b border-gray-200 align-top">
                        <td className="px-2 py-2 font-medium">
                          <Link
                            to={`/admin/requests/${row.id}`}
                            aria-label={t('reports.actions.viewDetail', { id: row.id })}
                            className="text-blue-800 underline"
                          >
                            {row.id}
                          </Link>
                        </td>
                        <td className="px-2 py-2 whitespace-nowrap">{formatDateTime(row.createdAt, i18n.language)}</td>
                        <td className="px-2 py-2">
                          <StatusBadge status={row.status} />
                        </td>
                        <td className="px-2 py-2">{t(`problemType.${row.problemType}`)}</td>
                        <td className="px-2 py-2">{row.address}</td>
                        <td className="px-2 py-2">{areaName(row.city, row.district, t('reports.area.unknown'))}</td>
                        <td className="px-2 py-2">{row.companyName}</td>
                        <td className="px-2 py-2">{row.assignee ?? '—'}</td>
                        <td className="px-2 py-2 whitespace-nowrap">
                          {row.days === null
                            ? '—'
                            : t(row.status === 'completed' ? 'reports.days.toComplete' : 'reports.days.open', {
                                count: row.days,
                              })}
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
