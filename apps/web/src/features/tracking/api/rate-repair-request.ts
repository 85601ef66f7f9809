// POST /api/repair-requests/:id/rating: the citizen's 1–5 rating of a completed repair, with the
// tracking link's token or the completion e-mail's rating token (decision 0050).
import type { RateRepairRequest } from '@acende/shared/schemas/ratings';
import type { PublicRepairRequest } from '@acende/shared/schemas/repair-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { trackingQueries } from './query-keys.ts';

export const rateRepairRequest = (id: number, body: RateRepairRequest) =>
  apiRequest<PublicRepairRequest>('POST', `/api/repair-requests/${id}/rating`, body);

/** `proof` is sent with the rating; `readToken` is the one the page read the request with (its query's key). */
export function useRateRepairRequest(proof: string, readToken: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, score, comment }: { id: number; score: number; comment: string }) =>
      rateRepairRequest(id, { token: proof, score, comment: comment || null }),
    // The answer is the request as the tracking page reads it, with its rating: shown at once.
    onSuccess: (request) =>
      client.setQueryData(trackingQueries.request(String(request.id), readToken).queryKey, (before) =>
        before ? { ...before, rating: request.rating } : request,
      ),
  });
}
