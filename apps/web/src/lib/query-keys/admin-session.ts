// The signed-in administrator's query (GET /api/admin/profile, where 401 means "not signed
// in": null): sign-in, sign-out, the admin shell and account changes write or refresh it.
import type { AdminProfile } from '@acende/shared/schemas/auth';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../api-client.ts';

export async function getAdminProfile(): Promise<AdminProfile | null> {
  try {
    return await apiRequest<AdminProfile>('GET', '/api/admin/profile');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

export const adminSessionQueries = {
  profile: () => queryOptions({ queryKey: ['admin', 'profile'] as const, queryFn: getAdminProfile }),
};
