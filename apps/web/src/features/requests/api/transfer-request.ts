// POST /api/admin/repair-requests/:id/transfer (decision 0030): the request goes to another
// company with a reason; answers it as the caller now sees it (null once out of its scope).
import type { TransferRepairRequestInput, TransferResult } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestQueryKey } from './get-request.ts';

export const transferRequest = (id: number, body: TransferRepairRequestInput) =>
  apiRequest<TransferResult>('POST', `/api/admin/repair-requests/${id}/transfer`, body);

export function useTransferRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRepairRequestInput) => transferRequest(id, body),
    onSuccess: (result) => {
      if (result.request) queryClient.setQueryData(requestQueryKey(id), result.request);
      else queryClient.removeQueries({ queryKey: requestQueryKey(id) });
      // Lists, counts and queues show the company too.
      void queryClient.invalidateQueries({
        queryKey: ['admin', 'repair-requests'],
        predicate: (query) => query.queryKey[2] !== 'detail',
      });
    },
  });
}
