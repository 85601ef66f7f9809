import type { AdminRequestDetail, UpdateRepairRequestInput } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { allRequestsBut, requestQueries } from './query-keys.ts';

export const updateRequest = (id: number, body: UpdateRepairRequestInput) =>
  apiRequest<AdminRequestDetail>('PATCH', `/api/admin/repair-requests/${id}`, body);

export function useUpdateRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRepairRequestInput) => updateRequest(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(requestQueries.detail(id).queryKey, detail);
      // Lists, counts and queues show the status too.
      void queryClient.invalidateQueries(allRequestsBut(requestQueries.details()));
    },
  });
}
