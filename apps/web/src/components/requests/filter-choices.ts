// The choices of the request lists' company and assignee filters, within the account's scope:
// the companies it may see (the per-company counts name them) and the accounts work can be
// assigned to. Shared by the list and the own queue.
import { useQuery } from '@tanstack/react-query';
import { adminRequestQueries, assigneeQueries } from '../../lib/query-keys/admin-requests.ts';
import type { FilterChoices } from './request-filters.tsx';

export function useFilterChoices({ assignees }: { assignees: boolean }): FilterChoices {
  const companies = useQuery({ ...adminRequestQueries.companyCounts(), staleTime: 60_000 });
  const accounts = useQuery({ ...assigneeQueries.any(), enabled: assignees });
  return {
    companies: companies.data?.map((c) => ({ value: String(c.companyId), label: c.companyName })),
    assignees: assignees ? accounts.data?.map((a) => ({ value: String(a.id), label: a.name })) : undefined,
  };
}
