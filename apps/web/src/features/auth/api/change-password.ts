import type { ChangePasswordInput } from '@acende/shared/schemas/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const changePassword = (input: ChangePasswordInput) =>
  apiRequest<void>('POST', '/api/admin/change-password', input);

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
