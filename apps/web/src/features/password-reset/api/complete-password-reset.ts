import type { CompletePasswordResetInput } from '@acende/shared/schemas/password-reset';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const completePasswordReset = (input: CompletePasswordResetInput) =>
  apiRequest<{ message: string }>('POST', '/api/admin/complete-password-reset', input);

export function useCompletePasswordReset() {
  return useMutation({ mutationFn: completePasswordReset });
}
