import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListParams, listQueryString } from '../../../components/requests/list-params.ts';
import { requestQueries } from './query-keys.ts';

export function useRequests(params: ListParams) {
  return useQuery({ ...requestQueries.list(listQueryString(params)), placeholderData: keepPreviousData });
}
