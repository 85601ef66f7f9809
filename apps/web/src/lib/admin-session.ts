// The signed-in administrator as every admin screen sees it (null when not signed in),
// cached under adminSessionQueries.profile. Imported only by admin code, so it stays out
// of the public bundle.
import type { AdminProfile } from '@acende/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { adminSessionQueries } from './query-keys/admin-session.ts';

export function useAdminProfile() {
  return useQuery(adminSessionQueries.profile());
}

export const isAdmin = (profile: Pick<AdminProfile, 'role'> | null | undefined) => profile?.role === 'admin';
