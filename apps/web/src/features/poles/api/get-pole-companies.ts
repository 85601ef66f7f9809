// The companies an account may put poles in, for the form and the list's filter: every
// company for an administrator (active or not); for others the active ones, only those the
// account is linked to when it has links (the API refuses the rest).
import { useQuery } from '@tanstack/react-query';
import { isAdmin, useAdminProfile } from '../../../lib/admin-session.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';

export interface PoleCompany {
  id: number;
  name: string;
  active: boolean;
}

export function usePoleCompanies(): { data: PoleCompany[] | undefined; isPending: boolean; isError: boolean } {
  const profile = useAdminProfile().data;
  const admin = isAdmin(profile);
  // The same queries as the shared hooks', asked for only when the account's role is known.
  const all = useQuery({ ...energyCompanyQueries.admin(), enabled: admin });
  const open = useQuery({ ...energyCompanyQueries.public(), enabled: profile != null && !admin });
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
