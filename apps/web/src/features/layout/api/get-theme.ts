// GET /api/theme: the public theme (colours, fonts, logo).
import type { PublicTheme } from '@acende/shared/schemas/theme';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fetchTheme = () => apiRequest<PublicTheme>('GET', '/api/theme');

export function useTheme() {
  return useQuery({ queryKey: ['theme'], queryFn: fetchTheme });
}
