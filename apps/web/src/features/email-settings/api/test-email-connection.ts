import type { TestEmailConnectionInput } from '@acende/shared/schemas/email';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const testEmailConnection = (input: TestEmailConnectionInput) =>
  apiRequest<{ message: string }>('POST', '/api/admin/email-settings/test', input);

export function useTestEmailConnection() {
  return useMutation({ mutationFn: testEmailConnection });
}
