// The results of a request list (the list and the own queue): loading, error with retry,
// the count ("about N" past the search window), the table and the pagination.
import type { AdminRequestList } from '@acende/shared/schemas/admin-requests';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryState } from '../ui/page-shell.tsx';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../ui/table.tsx';
import { formatDateTime } from './format.ts';
import { type ListParams, useListParams } from './list-params.ts';
import { Pagination } from './pagination.tsx';
import { RequestFilters } from './request-filters.tsx';
import { StatusBadge } from './status-badge.tsx';

type Item = AdminRequestList['items'][number];

const COLUMNS = ['id', 'phone', 'name', 'address', 'company', 'date', 'status', 'actions'] as const;

interface ResultsProps {
  query: UseQueryResult<AdminRequestList>;
  /** The table's name (its scroll region's label). */
  label: string;
  empty: string;
  /** The table's least width: the columns scroll sideways on a narrow screen. */
  minWidth: 'min-w-[860px]' | 'min-w-[960px]';
  /** A row's key: a new key starts the row's controls afresh. */
  rowKey?: (item: Item) => string;
  /** The last cell of a row. */
  actions: (item: Item) => ReactNode;
  onChange: (change: Partial<ListParams>) => void;
}

/**
 * A whole request list: the filters (kept in the URL) above the results of `useRows`, a
 * hook of the page's module that reads the requests for the filters.
 */
export function RequestList({
  useRows,
  ...results
}: Omit<ResultsProps, 'query' | 'onChange'> & { useRows: (params: ListParams) => UseQueryResult<AdminRequestList> }) {
  const { params, update, clear, hasFilters } = useListParams();
  const query = useRows(params);
  return (
    <>
      <RequestFilters params={params} onChange={update} onClear={clear} hasFilters={hasFilters} />
      <RequestResults query={query} onChange={update} {...results} />
    </>
  );
}

export function RequestResults({
  query,
  label,
  empty,
  minWidth,
  rowKey = (item) => String(item.id),
  actions,
  onChange,
}: ResultsProps) {
  const { t, i18n } = useTranslation();
  return (
    <QueryState query={query} errorMessage={t('operations.list.error')} retryLabel={t('operations.common.retry')}>
      {(data) => (
        <>
          <p aria-live="polite" className="text-sm text-gray-800">
            {data.totalIsEstimate
              ? t('operations.list.resultsAbout', { total: data.total })
              : t('operations.list.results', { count: data.total })}
          </p>
          {data.items.length === 0 ? (
            <p>{empty}</p>
          ) : (
            <Table label={label} className={minWidth} aria-busy={query.isFetching}>
              <TableHeader>
                <TableRow>
                  {COLUMNS.map((column) => (
                    <TableHead key={column}>{t(`operations.list.columns.${column}`)}</TableHead>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.items.map((item) => (
                  <TableRow key={rowKey(item)} className="align-top">
                    <TableCell className="font-medium">{item.id}</TableCell>
                    <TableCell className="whitespace-nowrap">{item.phone}</TableCell>
                    <TableCell>{item.name ?? t('operations.common.notInformed')}</TableCell>
                    <TableCell>{item.address}</TableCell>
                    <TableCell>{item.companyName}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatDateTime(item.createdAt, i18n.language)}</TableCell>
                    <TableCell>
                      <StatusBadge status={item.status} />
                    </TableCell>
                    {actions(item)}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          <Pagination
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            estimate={data.totalIsEstimate}
            onPage={(page) => onChange({ page })}
            onPageSize={(pageSize) => onChange({ pageSize })}
          />
        </>
      )}
    </QueryState>
  );
}

/** The link to a request's page (in the last cell of its row). */
export function DetailsLink({ id }: { id: number }) {
  const { t } = useTranslation();
  return (
    <Link
      to={`/admin/requests/${id}`}
      aria-label={t('operations.list.viewDetailsOf', { id })}
      className="text-blue-800 underline"
    >
      {t('operations.list.viewDetails')}
    </Link>
  );
}
