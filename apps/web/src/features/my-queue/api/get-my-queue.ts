import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/requests/list-params.ts';
import { myQueueQueries } from './query-keys.ts';

/** The signed-in account's own queue: the request list filtered to its assignments (decision 0002 §17). */
export function useMyQueue(accountId: number | undefined, params: ListParams) {
  const query = listQueryString(params, { assignedToId: String(accountId) });
  return useQuery({
    ...myQueueQueries.queue(query),
    enabled: accountId !== undefined,
    placeholderData: keepPreviousData,
  });
}
