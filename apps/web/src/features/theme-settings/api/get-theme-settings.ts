// The theme and the map defaults.
import { useQuery } from '@tanstack/react-query';
import { themeSettingsQueries } from './query-keys.ts';

export function useThemeSettings() {
  return useQuery(themeSettingsQueries.theme());
}
