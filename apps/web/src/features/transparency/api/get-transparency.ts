// The public figures of the last 30, 90 or 365 days, and their CSV's address.
import type { Language } from '@acende/shared/enums';
import type { TransparencyWindow } from '@acende/shared/transparency';
import { useQuery } from '@tanstack/react-query';
import { transparencyQueries } from './query-keys.ts';

export const transparencyCsvUrl = (days: TransparencyWindow, language: Language) =>
  `/api/transparency.csv?window=${days}&lang=${language}`;

export function useTransparency(days: TransparencyWindow) {
  return useQuery(transparencyQueries.figures(days));
}
