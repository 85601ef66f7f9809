// The request as the public sees it, with the tracking token when the link carried one.
import { useQuery } from '@tanstack/react-query';
import { trackingQueries } from './query-keys.ts';

export function useRepairRequest(id: string | undefined, token: string | null) {
  return useQuery({ ...trackingQueries.request(id, token), enabled: Boolean(id) });
}
