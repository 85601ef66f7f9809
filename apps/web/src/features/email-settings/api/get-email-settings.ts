import { useQuery } from '@tanstack/react-query';
import { emailSettingsQueries } from './query-keys.ts';

export function useEmailSettings() {
  return useQuery(emailSettingsQueries.settings());
}
