// GET /api/admin/materials: the materials of the companies the account may see, in use or not.
import { useQuery } from '@tanstack/react-query';
import { materialQueries } from './query-keys.ts';

export function useMaterials(companyId?: number) {
  return useQuery(materialQueries.list(companyId));
}
