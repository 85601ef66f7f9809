// The request-list filters, order and page kept in the URL (?q=&status=&problemType=&companyId=
// &assignedToId=&pole=&from=&to=&sort=&dir=&page=&pageSize=), so a filtered list can be shared,
// survives a reload and comes back from a request's page. A filter or order change goes
// back to page 1. Unknown values in the URL are dropped, never sent.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@acende/shared/constants';
import { PROBLEM_TYPES, type ProblemType, REQUEST_STATUSES, type RequestStatus } from '@acende/shared/enums';
import {
  DEADLINE_FILTERS,
  DEFAULT_REQUEST_SORT,
  DEFAULT_SORT_DIRECTION,
  type DeadlineFilter,
  REQUEST_SORT_KEYS,
  type RequestSortKey,
  SORT_DIRECTIONS,
  type SortDirection,
} from '@acende/shared/schemas/admin-request-filters';
import { isPoleNumber, normalisePoleNumber } from '@acende/shared/schemas/poles';
import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

export interface ListParams {
  q: string;
  status: RequestStatus | '';
  problemType: ProblemType | '';
  /** An id as text, or '' for any. */
  companyId: string;
  assignedToId: string;
  /** A pole number as typed (the API normalises it), or ''. */
  pole: string;
  /** Calendar days (YYYY-MM-DD), both included, or ''. */
  from: string;
  to: string;
  /** `overdue`: only the requests past their due time (decision 0029), or ''. */
  deadline: DeadlineFilter | '';
  sort: RequestSortKey;
  dir: SortDirection;
  page: number;
  pageSize: number;
}

export type ListFilterName =
  | 'q'
  | 'status'
  | 'problemType'
  | 'companyId'
  | 'assignedToId'
  | 'pole'
  | 'from'
  | 'to'
  | 'deadline';
const FILTERS: readonly ListFilterName[] = [
  'q',
  'status',
  'problemType',
  'companyId',
  'assignedToId',
  'pole',
  'from',
  'to',
  'deadline',
];

const DEFAULTS: Partial<Record<keyof ListParams, string | number>> = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  sort: DEFAULT_REQUEST_SORT,
  dir: DEFAULT_SORT_DIRECTION,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
const idText = (value: string | null) => (value && /^[1-9]\d{0,9}$/.test(value) ? value : '');
/** A pole number as the URL holds it: normalised; one no pole can have is dropped, never sent. */
const poleText = (value: string | null) => {
  const number = normalisePoleNumber(value ?? '');
  return isPoleNumber(number) ? number : '';
};
const dayText = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** The list's parameters as the URL holds them. */
export function readListParams(search: URLSearchParams): ListParams {
  const pageSize = Number(search.get('pageSize'));
  return {
    q: search.get('q') ?? '',
    status: oneOf<RequestStatus | ''>(REQUEST_STATUSES, search.get('status'), ''),
    problemType: oneOf<ProblemType | ''>(PROBLEM_TYPES, search.get('problemType'), ''),
    companyId: idText(search.get('companyId')),
    assignedToId: idText(search.get('assignedToId')),
    pole: poleText(search.get('pole')),
    from: dayText(search.get('from')),
    to: dayText(search.get('to')),
    deadline: oneOf<DeadlineFilter | ''>(DEADLINE_FILTERS, search.get('deadline'), ''),
    sort: oneOf(REQUEST_SORT_KEYS, search.get('sort'), DEFAULT_REQUEST_SORT),
    dir: oneOf(SORT_DIRECTIONS, search.get('dir'), DEFAULT_SORT_DIRECTION),
    page: Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : DEFAULT_PAGE_SIZE,
  };
}

export function useListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search), [search]);
  // The router hands setSearch's callback the address of the last render, not of the last
  // change: two changes before a render (a search, then a company, on a slow phone) lost the
  // first. The latest address written is kept here; a render with a new one (back, a link) wins.
  const latest = useRef({ rendered: search, written: search });
  if (latest.current.rendered !== search) latest.current = { rendered: search, written: search };

  const update = useCallback(
    (changes: Partial<ListParams>) => {
      setSearch(() => {
        const next = new URLSearchParams(latest.current.written);
        const resetsPage = Object.keys(changes).some((key) => key !== 'page');
        for (const [key, value] of Object.entries(changes)) {
          const isDefault = value === '' || value === undefined || DEFAULTS[key as keyof ListParams] === value;
          if (isDefault) next.delete(key);
          else next.set(key, String(value));
        }
        if (resetsPage && !('page' in changes)) next.delete('page');
        latest.current.written = next;
        return next;
      });
    },
    [setSearch],
  );

  /** Every filter goes; the order and page size stay. */
  const clear = useCallback(() => {
    setSearch(() => {
      const next = new URLSearchParams(latest.current.written);
      for (const name of [...FILTERS, 'page']) next.delete(name);
      latest.current.written = next;
      return next;
    });
  }, [setSearch]);

  const hasFilters = FILTERS.some((name) => params[name] !== '');
  return { params, update, clear, hasFilters };
}

/** The API query for the list: blank filters and the default order left out. */
export function listQueryString(params: ListParams, extra: Record<string, string> = {}): string {
  const query = new URLSearchParams();
  for (const name of FILTERS) if (params[name]) query.set(name, params[name]);
  if (params.sort !== DEFAULT_REQUEST_SORT) query.set('sort', params.sort);
  if (params.dir !== DEFAULT_SORT_DIRECTION) query.set('dir', params.dir);
  query.set('page', String(params.page));
  query.set('pageSize', String(params.pageSize));
  for (const [key, value] of Object.entries(extra)) query.set(key, value);
  return query.toString();
}

/** The list's filters alone (no order, no page), as the bulk change's `filter` takes them. */
export function listFilterValues(params: ListParams, extra: Record<string, string> = {}): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of FILTERS) if (params[name]) values[name] = params[name];
  return { ...values, ...extra };
}
