// The companies an account may keep materials for (decision 0068), by the crews' rule: for an
// administrator every company; for an operator the ones it is linked to (all without links).
// Names of inactive companies are kept, so their lists still read with a name.
import { useQuery } from '@tanstack/react-query';
import { isAdmin, useAdminProfile } from '../../../lib/admin-session.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';

export interface MaterialCompany {
  id: number;
  name: string;
  active: boolean;
}

export function useMaterialCompanies(): { data: MaterialCompany[] | undefined; isError: boolean } {
  const profile = useAdminProfile().data;
  const admin = isAdmin(profile);
  const all = useQuery({ ...energyCompanyQueries.admin(), enabled: admin });
  const open = useQuery({ ...energyCompanyQueries.public(), enabled: profile != null && !admin });
  if (admin) {
    return { data: all.data?.map((c) => ({ id: c.id, name: c.name, active: c.active })), isError: all.isError };
  }
  const links = profile?.companyIds ?? [];
  return {
    data: open.data
      ?.filter((c) => links.length === 0 || links.includes(c.id))
      .map((c) => ({ id: c.id, name: c.name, active: true })),
    isError: open.isError,
  };
}
