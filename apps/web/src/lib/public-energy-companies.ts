// The active companies a citizen picks from in the wizard. The registry screen refreshes
// this query after a change, so a tab that has both agrees.
import { useQuery } from '@tanstack/react-query';
import { energyCompanyQueries } from './query-keys/energy-companies.ts';

export function usePublicEnergyCompanies() {
  return useQuery(energyCompanyQueries.public());
}
