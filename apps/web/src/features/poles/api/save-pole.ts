// POST /api/admin/poles and PUT /api/admin/poles/:id: create, edit, deactivate or reactivate
// (an edit with active false or true). The list and the pole are reloaded after.
import type { AdminPole, PoleInput } from '@acende/shared/schemas/poles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { toast } from '../../../components/ui/toast.tsx';
import { apiRequest, errorMessage } from '../../../lib/api-client.ts';
import { poleQueries } from './query-keys.ts';

export const createPole = (input: PoleInput) => apiRequest<AdminPole>('POST', '/api/admin/poles', input);
export const updatePole = (id: number, input: PoleInput) =>
  apiRequest<AdminPole>('PUT', `/api/admin/poles/${id}`, input);

/** The input that writes `pole` back as it is, but for what `change` says. */
export function poleInput(pole: AdminPole, change: Partial<PoleInput> = {}): PoleInput {
  const { companyId, number, latitude, longitude, street, description, active } = pole;
  return { companyId, number, latitude, longitude, street, description, active, ...change };
}

export function useSavePole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: PoleInput }) =>
      id === undefined ? createPole(input) : updatePole(id, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: poleQueries.all() }),
  });
}

/** Deactivates or reactivates `pole` through `save` (the list's or the form's), saying how it went in a toast. */
export function togglePoleActive(save: ReturnType<typeof useSavePole>, pole: AdminPole, t: TFunction): void {
  const active = !pole.active;
  save.mutate(
    { id: pole.id, input: poleInput(pole, { active }) },
    {
      onSuccess: () =>
        toast({
          title: t(active ? 'admin-poles.poles.registry.reactivated' : 'admin-poles.poles.registry.deactivated', {
            number: pole.number,
          }),
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: t('admin-poles.poles.registry.saveError'),
          description: errorMessage(error, t('admin-poles.poles.registry.saveErrorDescription')),
          variant: 'destructive',
        }),
    },
  );
}
