// The companies an account may keep crews for (decision 0067): for an administrator every
// active company; for an operator the active ones it is linked to (all when it has no links).
// The same rule as the poles' companies (features/poles/api/get-pole-companies.ts).
import { useQuery } from '@tanstack/react-query';
import { isAdmin, useAdminProfile } from '../../../lib/admin-session.ts';
import { energyCompanyQueries } from '../../../lib/query-keys/energy-companies.ts';

export function useCrewCompanies(): { data: { id: number; name: string }[] | undefined; isError: boolean } {
  const profile = useAdminProfile().data;
  const admin = isAdmin(profile);
  const all = useQuery({ ...energyCompanyQueries.admin(), enabled: admin });
  const open = useQuery({ ...energyCompanyQueries.public(), enabled: profile != null && !admin });
  if (admin) {
    return {
      data: all.data?.filter((c) => c.active).map((c) => ({ id: c.id, name: c.name })),
      isError: all.isError,
    };
  }
  const links = profile?.companyIds ?? [];
  return {
    data: open.data?.filter((c) => links.length === 0 || links.includes(c.id)).map((c) => ({ id: c.id, name: c.name })),
    isError: open.isError,
  };
}
