// The second factor's queries (decision 0026): the signed-in account's status and whether
// two-factor sign-in is required for admins.
import type { SecuritySettings, TwoFactorStatus } from '@acende/shared/schemas/two-factor';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const twoFactorQueries = {
  /** GET /api/admin/two-factor. */
  status: () =>
    queryOptions({
      queryKey: ['admin', 'two-factor'] as const,
      queryFn: () => apiRequest<TwoFactorStatus>('GET', '/api/admin/two-factor'),
    }),
  /** GET /api/admin/security-settings. */
  securitySettings: () =>
    queryOptions({
      queryKey: ['admin', 'security-settings'] as const,
      queryFn: () => apiRequest<SecuritySettings>('GET', '/api/admin/security-settings'),
    }),
};
