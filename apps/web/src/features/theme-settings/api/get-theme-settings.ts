// GET /api/admin/theme-settings: the theme and the map defaults.
import type { ThemeSettingsPayload } from '@acende/shared/schemas/theme';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const THEME_SETTINGS_QUERY_KEY = ['admin', 'theme-settings'] as const;

export const fetchThemeSettings = () => apiRequest<ThemeSettingsPayload>('GET', '/api/admin/theme-settings');

export function useThemeSettings() {
  return useQuery({ queryKey: THEME_SETTINGS_QUERY_KEY, queryFn: fetchThemeSettings });
}
