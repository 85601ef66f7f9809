// The browser notices' public key (decision 0063), read by the citizen's opt-in and refreshed
// when the admin turns notices on or off.
import type { PushPublicKey } from '@acende/shared/schemas/push';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const pushQueries = {
  /** GET /api/push/public-key: whether pages offer notices, and the key a browser subscribes with. */
  publicKey: () =>
    queryOptions({
      queryKey: ['push', 'public-key'] as const,
      queryFn: () => apiRequest<PushPublicKey>('GET', '/api/push/public-key'),
      staleTime: 5 * 60_000,
    }),
};
