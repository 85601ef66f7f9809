// POST /api/admin/repair-requests/bulk (decision 0030): one status, assignee or company for the
// selected requests or every match of the filter; answers what changed and what was refused.
// Shared by the request list and the own queue.
import type { BulkRepairRequestsInput, BulkResult } from '@acende/shared/schemas/admin-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';
import { adminRequestKeys } from '../../lib/query-keys/admin-requests.ts';

export const bulkChange = (body: BulkRepairRequestsInput) =>
  apiRequest<BulkResult>('POST', '/api/admin/repair-requests/bulk', body);

export function useBulkChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkChange,
    // Every list, queue, count and detail may show a changed row.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: adminRequestKeys.all() }),
  });
}
