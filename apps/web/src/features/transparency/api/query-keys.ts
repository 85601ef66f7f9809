// GET /api/transparency?window=N: the public figures of the last 30, 90 or 365 days.
import type { Transparency } from '@acende/shared/schemas/transparency';
import type { TransparencyWindow } from '@acende/shared/transparency';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const transparencyQueries = {
  figures: (days: TransparencyWindow) =>
    queryOptions({
      queryKey: ['transparency', days] as const,
      queryFn: () => apiRequest<Transparency>('GET', `/api/transparency?window=${days}`),
      // The server keeps the figures for five minutes; asking sooner brings the same ones.
      staleTime: 60_000,
    }),
};
