// The results of a request list (the list and the own queue): loading, error with retry,
// the count ("about N" past the search window), the order (sortable column headers, and a
// sort select for the cards of a phone), the table and the pagination. An empty list says
// there are no requests at all, or, with filters, offers to clear them.
import {
  REQUEST_SORT_KEYS,
  type RequestSortKey,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@acende/shared/schemas/admin-request-filters';
import { type AdminRequestList, BULK_LIMIT } from '@acende/shared/schemas/admin-requests';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../../lib/use-translation.ts';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/field.tsx';
import { Link } from '../ui/link.tsx';
import { QueryState } from '../ui/page-shell.tsx';
import { Table, TableBody } from '../ui/table.tsx';
import type { ListParams } from './list-params.ts';
import { listReturnState } from './list-return.ts';
import { Pagination } from './pagination.tsx';
import { RequestRow, RequestTableHeader, type RowSelection } from './request-rows.tsx';

type Item = AdminRequestList['items'][number];

export interface ResultsProps {
  query: UseQueryResult<AdminRequestList>;
  params: ListParams;
  /** The table's name (its scroll region's label). */
  label: string;
  /** Said when the list is empty without filters ("no requests yet"). */
  none: string;
  /** Said when the filters leave nothing; a button to clear them follows. */
  empty: string;
  hasFilters: boolean;
  onClear: () => void;
  /** The table's least width on a wide screen: the columns scroll sideways past it (a phone shows cards). */
  minWidth: 'min-w-[1120px]' | 'min-w-[1220px]';
  /** A row's key: a new key starts the row's controls afresh. */
  rowKey?: (item: Item) => string;
  /** The last cell of a row. */
  actions: (item: Item) => ReactNode;
  onChange: (change: Partial<ListParams>) => void;
  /** Row checkboxes for a bulk change; absent: none. */
  selection?: RowSelection;
}

/** The order as one select (a phone has no column headers): each sort key, each way. */
function SortSelect({ params, onChange }: { params: ListParams; onChange: (change: Partial<ListParams>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const choices = REQUEST_SORT_KEYS.flatMap((key) =>
    SORT_DIRECTIONS.map((dir) => ({
      value: `${key}:${dir}`,
      label: `${t(`admin-operations.operations.list.sortKeys.${key}`)} (${t(`admin-operations.operations.list.sortDirections.${dir}`)})`,
    })),
  );
  return (
    <SelectField
      id={`${id}-sort`}
      compact
      className="sm:hidden"
      label={t('admin-operations.operations.list.sortBy')}
      choices={choices}
      value={`${params.sort}:${params.dir}`}
      onChange={(event) => {
        const [sort, dir] = event.target.value.split(':') as [RequestSortKey, SortDirection];
        onChange({ sort, dir });
      }}
    />
  );
}

export function RequestResults({
  query,
  params,
  label,
  none,
  empty,
  hasFilters,
  onClear,
  minWidth,
  rowKey = (item) => String(item.id),
  actions,
  onChange,
  selection,
}: ResultsProps) {
  const { t } = useTranslation();
  const now = Date.now();
  return (
    <QueryState
      query={query}
      errorMessage={t('admin-operations.operations.list.error')}
      retryLabel={t('admin-operations.operations.common.retry')}
    >
      {(data) => (
        <>
          <p aria-live="polite" className="text-sm text-gray-800">
            {data.totalIsEstimate
              ? t('admin-operations.operations.list.resultsAbout', { total: data.total })
              : t('admin-operations.operations.list.results', { count: data.total })}
          </p>
          {selection && data.items.length > 0 && !selection.allMatching && !data.totalIsEstimate ? (
            data.total <= BULK_LIMIT ? (
              <div>
                <Button variant="secondary" size="sm" onClick={selection.selectAllMatching}>
                  {t('admin-operations.operations.bulk.selectAllMatching', { count: data.total })}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-gray-800">{t('admin-operations.operations.bulk.tooManyMatching')}</p>
            )
          ) : null}
          {data.items.length === 0 ? (
            hasFilters ? (
              <div className="grid justify-items-start gap-2">
                <p>{empty}</p>
                <Button variant="secondary" size="sm" onClick={onClear}>
                  {t('admin-operations.operations.list.clear')}
                </Button>
              </div>
            ) : (
              <p>{none}</p>
            )
          ) : (
            <>
              <SortSelect params={params} onChange={onChange} />
              <Table label={label} className={minWidth} aria-busy={query.isFetching}>
                <RequestTableHeader params={params} onChange={onChange} selection={selection} items={data.items} />
                <TableBody>
                  {data.items.map((item) => (
                    <RequestRow key={rowKey(item)} item={item} selection={selection} actions={actions} now={now} />
                  ))}
                </TableBody>
              </Table>
            </>
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

/** The link to a request's page (in the last cell of its row); the page's "back" returns to this list. */
export function DetailsLink({ id }: { id: number }) {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Link
      to={`/admin/requests/${id}`}
      state={listReturnState(location.pathname, location.search)}
      aria-label={t('admin-operations.operations.list.viewDetailsOf', { id })}
      className="inline-flex min-h-11 items-center text-blue-800 underline"
    >
      {t('admin-operations.operations.list.viewDetails')}
    </Link>
  );
}
