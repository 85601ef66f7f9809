// GET /api/admin/reply-templates: the admins' screen lists them and the operators' update
// form offers the chosen status's (decision 0031). One key for both, so a saved template
// shows in an open form. Admin only: imported by admin code, never the public bundle.
import type { ReplyTemplate } from '@acende/shared/schemas/reply-templates';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

export const REPLY_TEMPLATES_KEY = ['admin', 'reply-templates'] as const;

export const getReplyTemplates = () => apiRequest<ReplyTemplate[]>('GET', '/api/admin/reply-templates');

export function useReplyTemplates(enabled = true) {
  return useQuery({ queryKey: REPLY_TEMPLATES_KEY, queryFn: getReplyTemplates, enabled });
}
