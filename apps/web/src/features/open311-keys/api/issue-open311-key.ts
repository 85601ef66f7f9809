// POST /api/admin/open311-keys: the answer holds the key, shown once.
import type { IssuedOpen311Key, Open311KeyInput } from '@acende/shared/schemas/open311';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { open311KeyQueries } from './query-keys.ts';

export const issueOpen311Key = (input: Open311KeyInput) =>
  apiRequest<IssuedOpen311Key>('POST', '/api/admin/open311-keys', input);

export function useIssueOpen311Key() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueOpen311Key,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: open311KeyQueries.list().queryKey }),
  });
}
