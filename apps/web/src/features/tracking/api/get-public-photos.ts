// The photos an operator published (decision 19).
import { useQuery } from '@tanstack/react-query';
import { trackingQueries } from './query-keys.ts';

export function usePublicPhotos(id: number) {
  return useQuery(trackingQueries.photos(id));
}
