// A whole request list (the list and the own queue): the filters, kept in the URL, above the
// results, with the rows picked for a bulk change and the bar that changes them.
import type { AdminRequestList, BulkResult } from '@acende/shared/schemas/admin-requests';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { BulkBar, BulkSummary } from './bulk-bar.tsx';
import { type ListParams, useListParams } from './list-params.ts';
import { type FilterChoices, RequestFilters } from './request-filters.tsx';
import { RequestResults, type ResultsProps } from './request-results.tsx';
import type { RowSelection } from './request-rows.tsx';

/**
 * A whole request list: the filters (kept in the URL) above the results of `useRows`, a
 * hook of the page's module that reads the requests for the filters.
 */
/** The rows picked for a bulk change, as a page's own bulk action sees them. */
export interface PickedRows {
  ids: number[];
  /** "All matching the filter" is chosen: the ids are not known here. */
  allMatching: boolean;
  clear: () => void;
}

export function RequestList({
  useRows,
  choices,
  bulkFilter,
  bulkActions,
  ...results
}: Omit<ResultsProps, 'query' | 'onChange' | 'params' | 'hasFilters' | 'onClear' | 'selection'> & {
  useRows: (params: ListParams) => UseQueryResult<AdminRequestList>;
  choices: FilterChoices;
  /** The filter a bulk change's "all matching" sends for these params; absent: no bulk changes. */
  bulkFilter?: (params: ListParams) => Record<string, string>;
  /** The page's own actions on the selection, shown in the bulk bar. */
  bulkActions?: (picked: PickedRows) => ReactNode;
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
          extra={bulkActions?.({ ids: [...rows.keys()], allMatching, clear: clearSelection })}
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
