import type { RequestStatus } from '@acende/shared/enums';
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminRequestKeys } from '../../../lib/query-keys/admin-requests.ts';

/** The quick status change of the queue: status only, the assignee is kept by the server. */
export const changeStatus = (id: number, status: RequestStatus, updatedAt: string) =>
  apiRequest<AdminRequestDetail>('PATCH', `/api/admin/repair-requests/${id}`, { status, updatedAt });

export function useChangeStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; status: RequestStatus; updatedAt: string }) =>
      changeStatus(input.id, input.status, input.updatedAt),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminRequestKeys.all() }),
  });
}
