// The signed-in administrator as every admin screen sees it: GET /api/admin/profile,
// where 401 means "not signed in" (null), cached under one key that sign-in, sign-out
// and the admin shell update. Imported only by admin code, so it stays out of the
// public bundle.
import type { AdminProfile } from '@acende/shared/schemas/auth';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from './api-client.ts';

export const PROFILE_QUERY_KEY = ['admin', 'profile'] as const;

export async function getAdminProfile(): Promise<AdminProfile | null> {
  try {
    return await apiRequest<AdminProfile>('GET', '/api/admin/profile');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export function useAdminProfile() {
  return useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: getAdminProfile });
}

export const isAdmin = (profile: Pick<AdminProfile, 'role'> | null | undefined) => profile?.role === 'admin';
