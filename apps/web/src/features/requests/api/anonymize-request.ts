// POST /api/admin/repair-requests/:id/anonymize (admin only, decision 0027): erases the
// citizen's contact data from one request now; answers the updated request.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { allRequestsBut, requestQueries } from './query-keys.ts';

export const anonymizeRequest = (id: number) =>
  apiRequest<AdminRequestDetail>('POST', `/api/admin/repair-requests/${id}/anonymize`);

export function useAnonymizeRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => anonymizeRequest(id),
    onSuccess: (detail) => {
      queryClient.setQueryData(requestQueries.detail(id).queryKey, detail);
      // Lists and queues show the name and phone too.
      void queryClient.invalidateQueries(allRequestsBut(requestQueries.details()));
    },
  });
}
