// GET and POST /api/admin/public-pages: who runs the service and the two public notices.
import type { PublicPagesSettingsInput, PublicPagesSettingsView } from '@acende/shared/schemas/public-pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const PUBLIC_PAGES_SETTINGS_QUERY_KEY = ['admin', 'public-pages'] as const;

export function usePublicPagesSettings() {
  return useQuery({
    queryKey: PUBLIC_PAGES_SETTINGS_QUERY_KEY,
    queryFn: () => apiRequest<PublicPagesSettingsView>('GET', '/api/admin/public-pages'),
  });
}

export function useSavePublicPagesSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicPagesSettingsInput) =>
      apiRequest<PublicPagesSettingsView>('POST', '/api/admin/public-pages', input),
    onSuccess: (saved) => {
      queryClient.setQueryData(PUBLIC_PAGES_SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['operator'] });
      void queryClient.invalidateQueries({ queryKey: ['public-page'] });
    },
  });
}
