import type { AdminRequestDetail, UpdateRepairRequestInput } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestQueryKey } from './get-request.ts';

export const updateRequest = (id: number, body: UpdateRepairRequestInput) =>
  apiRequest<AdminRequestDetail>('PATCH', `/api/admin/repair-requests/${id}`, body);

export function useUpdateRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateRepairRequestInput) => updateRequest(id, body),
    onSuccess: (detail) => {
      queryClient.setQueryData(requestQueryKey(id), detail);
      // Lists, counts and queues show the status too.
      void queryClient.invalidateQueries({
        queryKey: ['admin', 'repair-requests'],
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
}
