// The duplicate calls of one request (issue 23): the likely originals, marking, undoing.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { allRequestsBut, requestQueries } from './query-keys.ts';

export function useDuplicateCandidates(id: number, enabled: boolean) {
  return useQuery({ ...requestQueries.duplicateCandidates(id), enabled });
}

function useDetailMutation<V>(id: number, call: (input: V) => Promise<AdminRequestDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      const { queryKey } = requestQueries.detail(id);
      queryClient.setQueryData(queryKey, detail);
      // The original's detail and the lists show the change too.
      void queryClient.invalidateQueries(allRequestsBut(queryKey));
    },
  });
}

export const useMarkDuplicate = (id: number) =>
  useDetailMutation(id, (input: { originalId: number; updatedAt: string }) =>
    apiRequest<AdminRequestDetail>('POST', `/api/admin/repair-requests/${id}/duplicate`, input),
  );

export const useUndoDuplicate = (id: number) =>
  useDetailMutation(id, (input: { updatedAt: string }) =>
    apiRequest<AdminRequestDetail>('POST', `/api/admin/repair-requests/${id}/duplicate/undo`, input),
  );
