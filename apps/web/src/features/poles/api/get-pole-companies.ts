// The companies an account may put poles in, for the form and the list's filter: every
// company for an administrator (active or not); for others the active ones, only those the
// account is linked to when it has links (the API refuses the rest).
import { useQuery } from '@tanstack/react-query';
import { ADMIN_COMPANIES_KEY, getAdminEnergyCompanies } from '../../../lib/admin-energy-companies.ts';
import { isAdmin, useAdminProfile } from '../../../lib/admin-session.ts';
import { fetchPublicEnergyCompanies, PUBLIC_COMPANIES_KEY } from '../../../lib/public-energy-companies.ts';

export interface PoleCompany {
  id: number;
  name: string;
  active: boolean;
}

export function usePoleCompanies(): { data: PoleCompany[] | undefined; isPending: boolean; isError: boolean } {
  const profile = useAdminProfile().data;
  const admin = isAdmin(profile);
  // The same keys as the shared hooks', asked for only when the account's role is known.
  const all = useQuery({ queryKey: ADMIN_COMPANIES_KEY, queryFn: getAdminEnergyCompanies, enabled: admin });
  const open = useQuery({
    queryKey: PUBLIC_COMPANIES_KEY,
    queryFn: fetchPublicEnergyCompanies,
    enabled: profile != null && !admin,
  });
  if (admin) {
    return {
      data: all.data?.map((c) => ({ id: c.id, name: c.name, active: c.active })),
      isPending: all.isPending,
      isError: all.isError,
    };
  }
  const links = profile?.companyIds ?? [];
  return {
    data: open.data
      ?.filter((c) => links.length === 0 || links.includes(c.id))
      .map((c) => ({ id: c.id, name: c.name, active: true })),
    isPending: profile === undefined || open.isPending,
    isError: open.isError,
  };
}
