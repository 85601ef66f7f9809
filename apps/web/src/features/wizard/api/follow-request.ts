// POST /api/repair-requests/:id/followers: follow an open request's status e-mails.
import type { FollowRequestInput, FollowResponse } from '@acende/shared/schemas/followers';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const followRequest = (id: number, input: FollowRequestInput) =>
  apiRequest<FollowResponse>('POST', `/api/repair-requests/${id}/followers`, input);

export function useFollowRequest() {
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: FollowRequestInput }) => followRequest(id, input),
  });
}
