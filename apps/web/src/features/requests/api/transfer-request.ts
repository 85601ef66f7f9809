// POST /api/admin/repair-requests/:id/transfer (decision 0030): the request goes to another
// company with a reason; answers it as the caller now sees it (null once out of its scope).
import type { TransferRepairRequestInput, TransferResult } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { allRequestsBut, requestQueries } from './query-keys.ts';

export const transferRequest = (id: number, body: TransferRepairRequestInput) =>
  apiRequest<TransferResult>('POST', `/api/admin/repair-requests/${id}/transfer`, body);

export function useTransferRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TransferRepairRequestInput) => transferRequest(id, body),
    onSuccess: (result) => {
      if (result.request) queryClient.setQueryData(requestQueries.detail(id).queryKey, result.request);
      else queryClient.removeQueries({ queryKey: requestQueries.detail(id).queryKey });
      // Lists, counts and queues show the company too.
      void queryClient.invalidateQueries(allRequestsBut(requestQueries.details()));
    },
  });
}
