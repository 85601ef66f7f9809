import type { Assignee } from '@acende/shared/schemas/admin-requests';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getAssignees = (companyId: number) =>
  apiRequest<Assignee[]>('GET', `/api/admin/assignees?companyId=${companyId}`);

export function useAssignees(companyId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'assignees', companyId],
    queryFn: () => getAssignees(companyId as number),
    enabled: enabled && companyId !== undefined,
  });
}
