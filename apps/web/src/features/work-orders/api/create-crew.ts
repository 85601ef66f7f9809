// POST /api/admin/crews: a crew of a company the account works for (409: the name is taken there).
import type { Crew, CrewInput } from '@acende/shared/schemas/work-orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { workOrderQueries } from '../../../lib/query-keys/work-orders.ts';

export const createCrew = (input: CrewInput) => apiRequest<Crew>('POST', '/api/admin/crews', input);

export function useCreateCrew() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCrew,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: workOrderQueries.crews().queryKey }),
  });
}
