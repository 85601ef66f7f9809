// GET /api/admin/reply-templates (decision 0031): one query for the admins' screen and the
// operators' update form, so a saved template shows in an open form.
import type { ReplyTemplate } from '@acende/shared/schemas/reply-templates';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../api-client.ts';

export const replyTemplateQueries = {
  list: () =>
    queryOptions({
      queryKey: ['admin', 'reply-templates'] as const,
      queryFn: () => apiRequest<ReplyTemplate[]>('GET', '/api/admin/reply-templates'),
    }),
};
