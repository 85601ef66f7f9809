// Every company, active or not, as the registry screen lists it and the account form links
// accounts to it. One query for both, so a saved or deleted company refreshes each. Admin
// only: imported by admin code, never the public bundle.
import { useQuery } from '@tanstack/react-query';
import { energyCompanyQueries } from './query-keys/energy-companies.ts';

export function useAdminEnergyCompanies() {
  return useQuery(energyCompanyQueries.admin());
}
