// The admin repair-request queries that more than one feature shares: the prefix under which
// every list, queue, count, detail and photo list sits (a bulk or status change refreshes it
// all), the per-company counts (dashboard and the list filters) and the assignable accounts.
import type { Assignee, CompanyRequestCounts } from '@acende/shared/schemas/admin-requests';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const adminRequestKeys = {
  all: () => ['admin', 'repair-requests'] as const,
  counts: () => [...adminRequestKeys.all(), 'counts'] as const,
};

export const adminRequestQueries = {
  companyCounts: () =>
    queryOptions({
      queryKey: [...adminRequestKeys.counts(), 'company'] as const,
      queryFn: () => apiRequest<CompanyRequestCounts>('GET', '/api/admin/repair-requests/counts/company'),
    }),
};

export const assigneeQueries = {
  all: () => ['admin', 'assignees'] as const,
  /** Every account work can be assigned to, within the caller's scope. */
  any: () =>
    queryOptions({
      queryKey: [...assigneeQueries.all(), 'all'] as const,
      queryFn: () => apiRequest<Assignee[]>('GET', '/api/admin/assignees'),
      staleTime: 60_000,
    }),
  /** The accounts of one company: who a request of that company may go to. */
  ofCompany: (companyId: number | undefined) =>
    queryOptions({
      queryKey: [...assigneeQueries.all(), companyId] as const,
      queryFn: () => apiRequest<Assignee[]>('GET', `/api/admin/assignees?companyId=${companyId}`),
    }),
};
