// GET /api/transparency?window=N: the public figures of the last 30, 90 or 365 days.
import type { Language } from '@acende/shared/enums';
import type { Transparency } from '@acende/shared/schemas/transparency';
import type { TransparencyWindow } from '@acende/shared/transparency';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const transparencyCsvUrl = (days: TransparencyWindow, language: Language) =>
  `/api/transparency.csv?window=${days}&lang=${language}`;

export function useTransparency(days: TransparencyWindow) {
  return useQuery({
    queryKey: ['transparency', days],
    queryFn: () => apiRequest<Transparency>('GET', `/api/transparency?window=${days}`),
    // The server keeps the figures for five minutes; asking sooner brings the same ones.
    staleTime: 60_000,
  });
}
