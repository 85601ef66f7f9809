// /admin/reports/requests: the matching requests in a paged table under the summary.

import { formatDateTime } from '../../../components/requests/format.ts';
import { StatusBadge } from '../../../components/requests/status-badge.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useRequestsReport } from '../api/get-requests-report.ts';
import { areaName, useReportParams } from '../lib/report-params.ts';
import { PagedReport, ReportPage } from './report-page.tsx';

const COLUMNS = [
  'id',
  'date',
  'status',
  'problemType',
  'address',
  'pole',
  'area',
  'company',
  'assignee',
  'days',
] as const;

export default function RequestsReportPage() {
  const { t, i18n } = useTranslation();
  const { params, setFilters, setPage, setPageSize } = useReportParams();
  const report = useRequestsReport(params);
  return (
    <ReportPage kind="requests" filters={params} onApply={setFilters}>
      <PagedReport
        query={report}
        onPage={setPage}
        onPageSize={setPageSize}
        table={(data) => (
          <Table
            label={t('admin-reports.reports.kinds.requests.title')}
            className="min-w-[980px]"
            aria-busy={report.isFetching}
          >
            <TableHeader>
              <TableRow>
                {COLUMNS.map((column) => (
                  <TableHead key={column}>{t(`admin-reports.reports.columns.${column}`)}</TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.rows.map((row) => (
                <TableRow key={row.id} className="align-top">
                  <TableCell label={t('admin-reports.reports.columns.id')} className="font-medium">
                    <Link
                      to={`/admin/requests/${row.id}`}
                      aria-label={t('admin-reports.reports.actions.viewDetail', { id: row.id })}
                      className="text-blue-800 underline"
                    >
                      {row.id}
                    </Link>
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.date')} className="whitespace-nowrap">
                    {formatDateTime(row.createdAt, i18n.language)}
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.status')}>
                    <StatusBadge status={row.status} />
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.problemType')}>
                    {t(`common.problemType.${row.problemType}`)}
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.address')}>{row.address}</TableCell>
                  {/* A phone's card names the pole only when the request has one. */}
                  <TableCell
                    label={t('admin-reports.reports.columns.pole')}
                    card={row.poleNumber !== null}
                    // On a card a long pole number wraps (one line in the table).
                    className="whitespace-nowrap max-sm:whitespace-normal"
                  >
                    {row.poleNumber ?? '—'}
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.area')}>
                    {areaName(row.city, row.district, t('admin-reports.reports.area.unknown'))}
                  </TableCell>
                  <TableCell label={t('admin-reports.reports.columns.company')}>{row.companyName}</TableCell>
                  <TableCell label={t('admin-reports.reports.columns.assignee')}>{row.assignee ?? '—'}</TableCell>
                  <TableCell label={t('admin-reports.reports.columns.days')} className="whitespace-nowrap">
                    {row.days === null
                      ? '—'
                      : t(
                          row.status === 'completed'
                            ? 'admin-reports.reports.days.toComplete'
                            : 'admin-reports.reports.days.open',
                          {
                            count: row.days,
                          },
                        )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      ></PagedReport>
    </ReportPage>
  );
}
