// PATCH /api/admin/crews/:id: rename a crew, or switch it off and on.
import type { Crew, CrewPatch } from '@acende/shared/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export const updateCrew = ({ id, ...patch }: CrewPatch & { id: number }) =>
  apiRequest<Crew>('PATCH', `/api/admin/crews/${id}`, patch);

export function useUpdateCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCrew,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workOrderQueries.crews().queryKey }),
  });
}
