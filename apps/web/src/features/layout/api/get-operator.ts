// GET /api/operator: who runs the service, for every public page's footer.
import type { OperatorView } from '@acende/shared/schemas/public-pages';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const OPERATOR_QUERY_KEY = ['operator'] as const;

export function useOperator() {
  return useQuery({
    queryKey: OPERATOR_QUERY_KEY,
    queryFn: () => apiRequest<OperatorView>('GET', '/api/operator'),
    staleTime: 5 * 60_000,
  });
}
