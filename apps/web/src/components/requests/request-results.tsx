// The results of a request list (the list and the own queue): loading, error with retry,
// the count ("about N" past the search window), the order (sortable column headers, and a
// sort select for the cards of a phone), the table and the pagination. An empty list says
// there are no requests at all, or, with filters, offers to clear them.
import {
  type AdminRequestList,
  BULK_LIMIT,
  type BulkResult,
  REQUEST_SORT_KEYS,
  type RequestSortKey,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@acende/shared/schemas/admin-requests';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button } from '../ui/button.tsx';
import { SelectField } from '../ui/field.tsx';
import { QueryState } from '../ui/page-shell.tsx';
import {
  SortableTableHead,
  type SortOrder,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../ui/table.tsx';
import { BulkBar, BulkSummary } from './bulk-bar.tsx';
import { DeadlineBadge } from './deadline-badge.tsx';
import { formatAge, formatDateTime } from './format.ts';
import { type ListParams, useListParams } from './list-params.ts';
import { listReturnState } from './list-return.ts';
import { Pagination } from './pagination.tsx';
import { type FilterChoices, RequestFilters } from './request-filters.tsx';
import { StatusBadge } from './status-badge.tsx';

type Item = AdminRequestList['items'][number];

/** The columns in order; the ones a header sorts by name their sort key. */
const COLUMNS: { name: string; sort?: RequestSortKey }[] = [
  { name: 'id', sort: 'number' },
  { name: 'status', sort: 'status' },
  { name: 'problem' },
  { name: 'address' },
  { name: 'pole' },
  { name: 'name' },
  { name: 'phone' },
  { name: 'company' },
  { name: 'date', sort: 'created' },
  { name: 'updated', sort: 'updated' },
  { name: 'due', sort: 'due' },
];

const ORDER_OF: Record<SortDirection, SortOrder> = { asc: 'ascending', desc: 'descending' };

interface ResultsProps {
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

/** The rows picked for a bulk change (id → the updatedAt it was seen at), or every match of the filter. */
export interface RowSelection {
  rows: ReadonlyMap<number, string>;
  allMatching: boolean;
  toggle: (items: Item[], on: boolean) => void;
  selectAllMatching: () => void;
}

/**
 * A whole request list: the filters (kept in the URL) above the results of `useRows`, a
 * hook of the page's module that reads the requests for the filters.
 */
export function RequestList({
  useRows,
  choices,
  bulkFilter,
  ...results
}: Omit<ResultsProps, 'query' | 'onChange' | 'params' | 'hasFilters' | 'onClear' | 'selection'> & {
  useRows: (params: ListParams) => UseQueryResult<AdminRequestList>;
  choices: FilterChoices;
  /** The filter a bulk change's "all matching" sends for these params; absent: no bulk changes. */
  bulkFilter?: (params: ListParams) => Record<string, string>;
}) {
  const { params, update, clear, hasFilters } = useListParams();
  const query = useRows(params);
  const [rows, setRows] = useState<ReadonlyMap<number, string>>(new Map());
  const [allMatching, setAllMatching] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const filter = bulkFilter?.(params);
  const filterKey = JSON.stringify(filter ?? null);
  // Another filter is another set of rows: the selection starts afresh.
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey stands for the filter
  useEffect(() => {
    setRows(new Map());
    setAllMatching(false);
  }, [filterKey]);
  const clearSelection = () => {
    setRows(new Map());
    setAllMatching(false);
  };
  const selection: RowSelection | undefined = filter
    ? {
        rows,
        allMatching,
        toggle: (items, on) => {
          setAllMatching(false);
          setRows((previous) => {
            const next = new Map(previous);
            for (const item of items) {
              if (on) next.set(item.id, item.updatedAt);
              else next.delete(item.id);
            }
            return next;
          });
        },
        selectAllMatching: () => setAllMatching(true),
      }
    : undefined;
  const total = query.data?.total ?? 0;
  return (
    <>
      <RequestFilters params={params} onChange={update} onClear={clear} hasFilters={hasFilters} choices={choices} />
      {result ? <BulkSummary result={result} onDismiss={() => setResult(null)} /> : null}
      {filter && (rows.size > 0 || allMatching) ? (
        <BulkBar
          target={
            allMatching
              ? { body: { filter }, count: total, allMatching: true }
              : {
                  body: { items: [...rows].map(([id, updatedAt]) => ({ id, updatedAt })) },
                  count: rows.size,
                  allMatching: false,
                }
          }
          onClear={clearSelection}
          onDone={(done) => {
            setResult(done);
            clearSelection();
          }}
        />
      ) : null}
      <RequestResults
        query={query}
        params={params}
        onChange={update}
        onClear={clear}
        hasFilters={hasFilters}
        selection={selection}
        {...results}
      />
    </>
  );
}

/** The order as one select (a phone has no column headers): each sort key, each way. */
function SortSelect({ params, onChange }: { params: ListParams; onChange: (change: Partial<ListParams>) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const choices = REQUEST_SORT_KEYS.flatMap((key) =>
    SORT_DIRECTIONS.map((dir) => ({
      value: `${key}:${dir}`,
      label: `${t(`operations.list.sortKeys.${key}`)} (${t(`operations.list.sortDirections.${dir}`)})`,
    })),
  );
  return (
    <SelectField
      id={`${id}-sort`}
      compact
      className="sm:hidden"
      label={t('operations.list.sortBy')}
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
  const { t, i18n } = useTranslation();
  const now = Date.now();
  return (
    <QueryState query={query} errorMessage={t('operations.list.error')} retryLabel={t('operations.common.retry')}>
      {(data) => (
        <>
          <p aria-live="polite" className="text-sm text-gray-800">
            {data.totalIsEstimate
              ? t('operations.list.resultsAbout', { total: data.total })
              : t('operations.list.results', { count: data.total })}
          </p>
          {selection && data.items.length > 0 && !selection.allMatching && !data.totalIsEstimate ? (
            data.total <= BULK_LIMIT ? (
              <div>
                <Button variant="secondary" size="sm" onClick={selection.selectAllMatching}>
                  {t('operations.bulk.selectAllMatching', { count: data.total })}
                </Button>
              </div>
            ) : (
              <p className="text-sm text-gray-800">{t('operations.bulk.tooManyMatching')}</p>
            )
          ) : null}
          {data.items.length === 0 ? (
            hasFilters ? (
              <div className="grid justify-items-start gap-2">
                <p>{empty}</p>
                <Button variant="secondary" size="sm" onClick={onClear}>
                  {t('operations.list.clear')}
                </Button>
              </div>
            ) : (
              <p>{none}</p>
            )
          ) : (
            <>
              <SortSelect params={params} onChange={onChange} />
              <Table label={label} className={minWidth} aria-busy={query.isFetching}>
                <TableHeader>
                  <TableRow>
                    {selection ? (
                      <TableHead className="w-12">
                        <label className="flex min-h-11 min-w-11 items-center justify-center">
                          <input
                            type="checkbox"
                            className="h-5 w-5 accent-blue-700"
                            aria-label={t('operations.bulk.selectPage')}
                            checked={selection.allMatching || data.items.every((item) => selection.rows.has(item.id))}
                            onChange={(event) => selection.toggle(data.items, event.target.checked)}
                          />
                        </label>
                      </TableHead>
                    ) : null}
                    {COLUMNS.map(({ name, sort }) =>
                      sort ? (
                        <SortableTableHead
                          key={name}
                          sorted={params.sort === sort ? ORDER_OF[params.dir] : undefined}
                          // Dates read newest first, the rest from the smallest.
                          first={sort === 'created' || sort === 'updated' ? 'descending' : 'ascending'}
                          onSort={(order) => onChange({ sort, dir: order === 'ascending' ? 'asc' : 'desc' })}
                        >
                          {t(`operations.list.columns.${name}` as 'operations.list.columns.id')}
                        </SortableTableHead>
                      ) : (
                        <TableHead key={name}>
                          {t(`operations.list.columns.${name}` as 'operations.list.columns.id')}
                        </TableHead>
                      ),
                    )}
                    <TableHead>{t('operations.list.columns.actions')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.items.map((item) => (
                    <TableRow key={rowKey(item)} className="align-top">
                      {selection ? (
                        <TableCell>
                          <label className="flex min-h-11 min-w-11 items-center justify-start">
                            <input
                              type="checkbox"
                              className="h-5 w-5 accent-blue-700"
                              aria-label={t('operations.bulk.selectRow', { id: item.id })}
                              checked={selection.allMatching || selection.rows.has(item.id)}
                              onChange={(event) => selection.toggle([item], event.target.checked)}
                            />
                          </label>
                        </TableCell>
                      ) : null}
                      <TableCell label={t('operations.list.columns.id')} className="font-medium" data-column="id">
                        {item.id}
                      </TableCell>
                      <TableCell label={t('operations.list.columns.status')}>
                        <StatusBadge status={item.status} />
                        {item.reopened ? (
                          <span className="ml-1 inline-block rounded-full border border-red-300 bg-red-50 px-2 py-0.5 text-sm font-medium whitespace-nowrap text-red-900">
                            {t('operations.list.reopened')}
                          </span>
                        ) : null}
                      </TableCell>
                      <TableCell label={t('operations.list.columns.problem')}>
                        {t(`problemType.${item.problemType}`)}
                      </TableCell>
                      <TableCell label={t('operations.list.columns.address')}>{item.address}</TableCell>
                      {/* A phone's card names the pole only when the request has one. */}
                      <TableCell
                        label={t('operations.list.columns.pole')}
                        card={item.poleNumber !== null}
                        className="whitespace-nowrap"
                      >
                        {item.poleNumber ?? '—'}
                      </TableCell>
                      <TableCell card={false}>{item.name ?? t('operations.common.notInformed')}</TableCell>
                      <TableCell card={false} className="whitespace-nowrap">
                        {item.phone}
                      </TableCell>
                      <TableCell card={false}>{item.companyName}</TableCell>
                      <TableCell label={t('operations.list.columns.date')}>
                        <span className="max-sm:hidden">{formatDateTime(item.createdAt, i18n.language)}</span>{' '}
                        <span className="text-gray-700 sm:block">
                          {formatAge(item.createdAt, now, i18n.language) ?? t('operations.list.age.justNow')}
                        </span>
                      </TableCell>
                      <TableCell card={false} className="whitespace-nowrap">
                        {formatDateTime(item.updatedAt, i18n.language)}
                      </TableCell>
                      <TableCell label={t('operations.list.columns.due')}>
                        <DeadlineBadge request={item} now={now} />
                      </TableCell>
                      {actions(item)}
                    </TableRow>
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
      aria-label={t('operations.list.viewDetailsOf', { id })}
      className="inline-flex min-h-11 items-center text-blue-800 underline"
    >
      {t('operations.list.viewDetails')}
    </Link>
  );
}
