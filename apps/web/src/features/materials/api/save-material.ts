// POST /api/admin/materials and PATCH /api/admin/materials/:id (409: the name is taken in
// that company); either refreshes every list.
import type { Material, MaterialInput, MaterialPatch } from '@acende/shared/schemas/crew';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { materialQueries } from './query-keys.ts';

export const createMaterial = (input: MaterialInput) => apiRequest<Material>('POST', '/api/admin/materials', input);
export const updateMaterial = ({ id, ...patch }: MaterialPatch & { id: number }) =>
  apiRequest<Material>('PATCH', `/api/admin/materials/${id}`, patch);

export function useCreateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMaterial,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: materialQueries.all() }),
  });
}

export function useUpdateMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMaterial,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: materialQueries.all() }),
  });
}
