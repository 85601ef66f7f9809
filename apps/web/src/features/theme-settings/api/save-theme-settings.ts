// POST /api/admin/theme-settings; the page takes the saved theme at once.
import type { ThemeSettingsInput, ThemeSettingsPayload } from '@acende/shared/schemas/theme';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { applyTheme } from '../../../lib/theme.ts';
import { THEME_SETTINGS_QUERY_KEY } from './get-theme-settings.ts';

export type ThemeSettingsForm = ThemeSettingsInput & { map: ThemeSettingsPayload['map'] };

export const saveThemeSettings = (input: ThemeSettingsForm) =>
  apiRequest<ThemeSettingsPayload>('POST', '/api/admin/theme-settings', input);

export function useSaveThemeSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveThemeSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(THEME_SETTINGS_QUERY_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: ['site'] });
      void queryClient.invalidateQueries({ queryKey: ['theme'] });
      applyTheme(saved);
    },
  });
}
