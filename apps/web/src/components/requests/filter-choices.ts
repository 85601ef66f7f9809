// The choices of the request lists' company and assignee filters, within the account's scope:
// the companies it may see (the per-company counts name them) and the accounts work can be
// assigned to. Shared by the list and the own queue.
import type { Assignee, CompanyRequestCounts } from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import type { FilterChoices } from './request-filters.tsx';

export function useFilterChoices({ assignees }: { assignees: boolean }): FilterChoices {
  const companies = useQuery({
    queryKey: ['admin', 'repair-requests', 'counts', 'company'],
    queryFn: () => apiRequest<CompanyRequestCounts>('GET', '/api/admin/repair-requests/counts/company'),
    staleTime: 60_000,
  });
  const accounts = useQuery({
    queryKey: ['admin', 'assignees', 'all'],
    queryFn: () => apiRequest<Assignee[]>('GET', '/api/admin/assignees'),
    enabled: assignees,
    staleTime: 60_000,
  });
  return {
    companies: companies.data?.map((c) => ({ value: String(c.companyId), label: c.companyName })),
    assignees: assignees ? accounts.data?.map((a) => ({ value: String(a.id), label: a.name })) : undefined,
  };
}
