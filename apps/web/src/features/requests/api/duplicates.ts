// The duplicate calls of one request (issue 23): the likely originals, marking, undoing.
import type { AdminRequestDetail } from '@acende/shared/schemas/admin-requests';
import type { DuplicateCandidates } from '@acende/shared/schemas/followers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { requestQueryKey } from './get-request.ts';

export function useDuplicateCandidates(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'repair-requests', 'duplicate-candidates', id],
    queryFn: () => apiRequest<DuplicateCandidates>('GET', `/api/admin/repair-requests/${id}/duplicate-candidates`),
    enabled,
  });
}

function useDetailMutation<V>(id: number, call: (input: V) => Promise<AdminRequestDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (detail) => {
      queryClient.setQueryData(requestQueryKey(id), detail);
      // The original's detail and the lists show the change too.
      void queryClient.invalidateQueries({
        queryKey: ['admin', 'repair-requests'],
        predicate: (query) => !(query.queryKey[2] === 'detail' && query.queryKey[3] === id),
      });
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
