// POST /api/unsubscribe: the token of an e-mail's unsubscribe link, no sign-in.
import type { UnsubscribeResponse } from '@acende/shared/schemas/followers';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const unsubscribe = (token: string) => apiRequest<UnsubscribeResponse>('POST', '/api/unsubscribe', { token });

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
