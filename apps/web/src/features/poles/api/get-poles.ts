// The registry's list (filtered and paged on the server) and one pole, for its form.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type PoleListParams, poleQueries } from './query-keys.ts';

export function usePoles(params: PoleListParams) {
  // The rows stay while the next page or filter loads (the table says it is busy).
  return useQuery({ ...poleQueries.list(params), placeholderData: keepPreviousData });
}

export function usePole(id: number | undefined) {
  return useQuery({ ...poleQueries.detail(id), enabled: id !== undefined });
}
