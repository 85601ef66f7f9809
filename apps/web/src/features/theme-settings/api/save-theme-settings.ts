// POST /api/admin/theme-settings; the page takes the saved theme at once.
import type { ThemeSettingsInput, ThemeSettingsPayload } from '@acende/shared/schemas/theme';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { publicSiteQueries } from '../../../lib/query-keys/public-site.ts';
import { applyTheme } from '../../../lib/theme.ts';
import { themeSettingsQueries } from './query-keys.ts';

export type ThemeSettingsForm = ThemeSettingsInput & { map: ThemeSettingsPayload['map'] };

export const saveThemeSettings = (input: ThemeSettingsForm) =>
  apiRequest<ThemeSettingsPayload>('POST', '/api/admin/theme-settings', input);

export function useSaveThemeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveThemeSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(themeSettingsQueries.theme().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: publicSiteQueries.site().queryKey });
      void queryClient.invalidateQueries({ queryKey: publicSiteQueries.theme().queryKey });
      applyTheme(saved);
    },
  });
}
