// The reply templates: the admins' screen lists them and the operators' update form offers
// the chosen status's (decision 0031). Admin only: imported by admin code, never the public bundle.
import { useQuery } from '@tanstack/react-query';
import { replyTemplateQueries } from './query-keys/reply-templates.ts';

export function useReplyTemplates(enabled = true) {
  return useQuery({ ...replyTemplateQueries.list(), enabled });
}
