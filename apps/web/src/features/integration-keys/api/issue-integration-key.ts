// POST /api/admin/integration-keys: the answer holds the key, shown once.
import type { IntegrationKeyInput, IssuedIntegrationKey } from '@acende/shared/schemas/integrations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { integrationKeyQueries } from './query-keys.ts';

export const issueIntegrationKey = (input: IntegrationKeyInput) =>
  apiRequest<IssuedIntegrationKey>('POST', '/api/admin/integration-keys', input);

export function useIssueIntegrationKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueIntegrationKey,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: integrationKeyQueries.list().queryKey }),
  });
}
