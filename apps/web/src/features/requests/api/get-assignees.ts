import { useQuery } from '@tanstack/react-query';
import { assigneeQueries } from '../../../lib/query-keys/admin-requests.ts';

export function useAssignees(companyId: number | undefined, enabled: boolean) {
  return useQuery({ ...assigneeQueries.ofCompany(companyId), enabled: enabled && companyId !== undefined });
}
