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

/** The field crew's app (decision 0068): where a crew account lands after signing in. */
export const FIELD_APP_PATH = '/campo';
/** The admin screens a crew account may open: its own password and two-factor, as the API allows. */
export const CREW_ADMIN_PATHS: readonly string[] = ['/admin/change-password', '/admin/security'];

export const isCrew = (profile: Pick<AdminProfile, 'role'> | null | undefined) => profile?.role === 'crew';

/** Where a freshly signed-in account goes: a crew account to the field app, the others to `target`. */
export const landingFor = (profile: Pick<AdminProfile, 'role'>, target = '/admin/dashboard') =>
  isCrew(profile) ? FIELD_APP_PATH : target;
