import type { SendTestEmailInput } from '@acende/shared/schemas/email';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const sendTestEmail = (input: SendTestEmailInput) =>
  apiRequest<{ message: string }>('POST', '/api/admin/email-settings/send-test', input);

export function useSendTestEmail() {
  return useMutation({ mutationFn: sendTestEmail });
}
