// GET /api/site: the tile source and the map centre before a position is known (decision 0002 §13).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client.ts';

export interface SiteSettings {
  tileUrl: string;
  tileAttribution: string;
  map: { lat: number; lon: number; zoom: number };
}

export const fetchSite = () => apiRequest<SiteSettings>('GET', '/api/site');

export function useSite() {
  return useQuery({ queryKey: ['site'], queryFn: fetchSite });
}
