import type { RequestPasswordResetInput } from '@acende/shared/schemas/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const requestPasswordReset = (input: RequestPasswordResetInput) =>
  apiRequest<{ message: string }>('POST', '/api/admin/request-password-reset', input);

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
