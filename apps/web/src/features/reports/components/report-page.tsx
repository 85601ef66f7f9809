// The frame of each report screen: title, back to the menu, export and print actions,
// the filters, then the report itself with its loading, error and empty states.
import type { ReportFilters, ReportKind, ReportSummary } from '@acende/shared/schemas/reports';
import type { ReactNode } from 'react';
import { Pagination } from '../../../components/requests/pagination.tsx';
import { Link } from '../../../components/ui/link.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { PageShell } from '../../../components/ui/page-shell.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTranslation } from '../../../lib/use-translation.ts';
import './reports-print.css';
import { ReportActions } from './report-actions.tsx';
import { ReportFiltersForm } from './report-filters.tsx';
import { ReportSummaryPanel } from './report-summary.tsx';

export function ReportPage({
  kind,
  filters,
  onApply,
  children,
}: {
  kind: ReportKind;
  filters: ReportFilters;
  onApply: (filters: ReportFilters) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PageShell
      data-report-page={kind}
      title={t(`admin-reports.reports.kinds.${kind}.title`)}
      above={
        <Link to="/admin/reports" className="text-sm text-blue-800 underline print:hidden">
          {t('admin-reports.reports.actions.back')}
        </Link>
      }
      actions={<ReportActions kind={kind} filters={filters} />}
    >
      <ReportFiltersForm filters={filters} onApply={onApply} />
      {children}
    </PageShell>
  );
}

export function ReportState({
  query,
  empty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="flex items-center gap-2">
        <Spinner label={t('admin-reports.reports.states.loading')} />
        <span aria-hidden="true">{t('admin-reports.reports.states.loading')}</span>
      </div>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        message={t('admin-reports.reports.states.error')}
        retryLabel={t('admin-reports.reports.states.retry')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return (
    <>
      {empty ? <p>{t('admin-reports.reports.states.empty')}</p> : null}
      {children}
    </>
  );
}

interface PagedData {
  page: number;
  pageSize: number;
  totalRows: number;
  rows: readonly unknown[];
  summary: ReportSummary;
}

/**
 * A paged report under its states: the summary, `children` (a chart), the table `table`
 * draws when the page has rows, and the pages.
 */
export function PagedReport<D extends PagedData>({
  query,
  onPage,
  onPageSize,
  table,
  children,
}: {
  query: { data: D | undefined; isPending: boolean; isError: boolean; refetch: () => unknown };
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  table: (data: D) => ReactNode;
  children?: ReactNode;
}) {
  const { data } = query;
  return (
    <ReportState query={query} empty={data?.totalRows === 0}>
      {data ? (
        <>
          <ReportSummaryPanel summary={data.summary} />
          {children}
          {data.rows.length ? table(data) : null}
          <ReportPagination data={data} onPage={onPage} onPageSize={onPageSize} />
        </>
      ) : null}
    </ReportState>
  );
}

/** A paged report's pages, left out of print. */
function ReportPagination({
  data,
  onPage,
  onPageSize,
}: {
  data: { page: number; pageSize: number; totalRows: number };
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
}) {
  return (
    <div className="print:hidden">
      <Pagination
        page={data.page}
        pageSize={data.pageSize}
        total={data.totalRows}
        onPage={onPage}
        onPageSize={onPageSize}
      />
    </div>
  );
}
