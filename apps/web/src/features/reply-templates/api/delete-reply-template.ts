import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { replyTemplateQueries } from '../../../lib/query-keys/reply-templates.ts';

export const deleteReplyTemplate = (id: number) => apiRequest<void>('DELETE', `/api/admin/reply-templates/${id}`);

export function useDeleteReplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReplyTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: replyTemplateQueries.list().queryKey }),
  });
}
