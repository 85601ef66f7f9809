// GET and PUT /api/admin/repair-targets (decision 0029), and the companies a target may name.
import type { RepairTargets } from '@acende/shared/schemas/repair-targets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';
import { repairTargetQueries } from './query-keys.ts';

export const saveRepairTargets = (input: RepairTargets) =>
  apiRequest<RepairTargets>('PUT', '/api/admin/repair-targets', input);

export function useRepairTargets() {
  return useQuery(repairTargetQueries.targets());
}

export function useSaveRepairTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRepairTargets,
    onSuccess: (saved) => queryClient.setQueryData(repairTargetQueries.targets().queryKey, saved),
  });
}

export function useTargetCompanies() {
  return useQuery(energyCompanyQueries.admin());
}
