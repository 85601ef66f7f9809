// The request-list filters and page kept in the URL (?q=&status=&problemType=&page=&pageSize=),
// so a filtered list can be shared and survives a reload. A filter change goes back to page 1.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@acende/shared/constants';
import { PROBLEM_TYPES, type ProblemType, REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  q: string;
  status: RequestStatus | '';
  problemType: ProblemType | '';
  page: number;
  pageSize: number;
}

export type ListFilterName = 'q' | 'status' | 'problemType';

export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo<ListParams>(() => {
    const status = search.get('status') ?? '';
    const problemType = search.get('problemType') ?? '';
    const pageSize = Number(search.get('pageSize'));
    return {
      q: search.get('q') ?? '',
      status: (REQUEST_STATUSES as readonly string[]).includes(status) ? (status as RequestStatus) : '',
      problemType: (PROBLEM_TYPES as readonly string[]).includes(problemType) ? (problemType as ProblemType) : '',
      page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
      pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
    };
  }, [search]);

  const update = useCallback(
    (changes: Partial<ListParams>) => {
      setSearch((previous) => {
        const next = new URLSearchParams(previous);
        const resetsPage = Object.keys(changes).some((key) => key !== 'page');
        for (const [key, value] of Object.entries(changes)) {
          const isDefault =
            value === '' ||
            value === undefined ||
            (key === 'page' && value === 1) ||
            (key === 'pageSize' && value === DEFAULT_PAGE_SIZE);
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        if (resetsPage && !('page' in changes)) next.delete('page');
        return next;
      });
    },
    [setSearch],
  );

  const clear = useCallback(() => {
    setSearch((previous) => {
      const next = new URLSearchParams();
      const pageSize = previous.get('pageSize');
      if (pageSize) next.set('pageSize', pageSize);
      return next;
    });
  }, [setSearch]);

  const hasFilters = Boolean(params.q || params.status || params.problemType);
  return { params, update, clear, hasFilters };
}

/** The API query for the list: blank filters left out. */
export function listQueryString(params: ListParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  if (params.q) query.set('q', params.q);
  if (params.status) query.set('status', params.status);
  if (params.problemType) query.set('problemType', params.problemType);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}
