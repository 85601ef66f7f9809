import type { ReplyTemplate, ReplyTemplateInput } from '@acende/shared/schemas/reply-templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { replyTemplateQueries } from '../../../lib/query-keys/reply-templates.ts';

/** Creates (no id) or changes a template. */
export const saveReplyTemplate = (input: ReplyTemplateInput & { id?: number }) => {
  const { id, ...body } = input;
  return id
    ? apiRequest<ReplyTemplate>('PUT', `/api/admin/reply-templates/${id}`, body)
    : apiRequest<ReplyTemplate>('POST', '/api/admin/reply-templates', body);
};

export function useSaveReplyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReplyTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: replyTemplateQueries.list().queryKey }),
  });
}
