// The companies' systems' keys, active first (never the keys).
import { useQuery } from '@tanstack/react-query';
import { integrationKeyQueries } from './query-keys.ts';

export function useIntegrationKeys() {
  return useQuery(integrationKeyQueries.list());
}
