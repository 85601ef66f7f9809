// GET and PUT /api/admin/repair-targets (decision 0029), and the companies a target may name.
import type { AdminEnergyCompany } from '@acende/shared/schemas/energy-companies';
import type { RepairTargets } from '@acende/shared/schemas/repair-targets';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const REPAIR_TARGETS_QUERY_KEY = ['admin', 'repair-targets'] as const;

export const fetchRepairTargets = () => apiRequest<RepairTargets>('GET', '/api/admin/repair-targets');
export const saveRepairTargets = (input: RepairTargets) =>
  apiRequest<RepairTargets>('PUT', '/api/admin/repair-targets', input);

export function useRepairTargets() {
  return useQuery({ queryKey: REPAIR_TARGETS_QUERY_KEY, queryFn: fetchRepairTargets });
}

export function useSaveRepairTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveRepairTargets,
    onSuccess: (saved) => queryClient.setQueryData(REPAIR_TARGETS_QUERY_KEY, saved),
  });
}

/** Every company, active or not: a target may be set before a company is switched on. */
export function useTargetCompanies() {
  return useQuery({
    queryKey: ['admin', 'repair-targets', 'companies'],
    queryFn: () => apiRequest<AdminEnergyCompany[]>('GET', '/api/admin/energy-companies'),
  });
}
