// GET and POST /api/admin/public-pages: who runs the service and the two public notices.
import type { PublicPagesSettingsInput, PublicPagesSettingsView } from '@acende/shared/schemas/public-pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { themeSettingsQueries } from './query-keys.ts';

export function usePublicPagesSettings() {
  return useQuery(themeSettingsQueries.publicPages());
}

export function useSavePublicPagesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicPagesSettingsInput) =>
      apiRequest<PublicPagesSettingsView>('POST', '/api/admin/public-pages', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(themeSettingsQueries.publicPages().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: publicSiteQueries.operator().queryKey });
      void queryClient.invalidateQueries({ queryKey: publicSiteQueries.publicPages() });
    },
  });
}
