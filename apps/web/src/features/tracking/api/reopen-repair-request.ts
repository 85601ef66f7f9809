// POST /api/repair-requests/:id/reopen: "still broken", with the tracking link's token and a note.
import type { PublicRepairRequest, ReopenRepairRequest } from '@acende/shared/schemas/repair-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { trackingQueries } from './query-keys.ts';

export const reopenRepairRequest = (id: number, body: ReopenRepairRequest) =>
  apiRequest<PublicRepairRequest>('POST', `/api/repair-requests/${id}/reopen`, body);

export function useReopenRepairRequest(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, note }: { id: number; note: string }) => reopenRepairRequest(id, { token, note }),
    // The answer is the request as the tracking page reads it: shown at once.
    onSuccess: (request) => client.setQueryData(trackingQueries.request(String(request.id), token).queryKey, request),
  });
}
