// GET /api/admin/audit (a keyset page of the log, filtered) and /api/admin/audit/accounts
// (the account filter's choices).
import { AUDIT_FILTER_NAMES, type AuditAccount, type AuditFilters, type AuditList } from '@acende/shared/schemas/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const AUDIT_QUERY_KEY = ['admin', 'audit'] as const;

/** The filters as a query string, blank ones left out. */
export function auditQueryString(filters: Partial<Record<keyof AuditFilters, string | number | undefined>>): string {
  const params = new URLSearchParams();
  for (const name of AUDIT_FILTER_NAMES) {
    const value = filters[name];
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return params.toString();
}

export function useAuditLog(query: string, cursor: string | undefined, pageSize: number) {
  const params = new URLSearchParams(query);
  if (cursor) params.set('cursor', cursor);
  params.set('pageSize', String(pageSize));
  return useQuery({
    queryKey: [...AUDIT_QUERY_KEY, 'list', query, cursor ?? null, pageSize],
    queryFn: () => apiRequest<AuditList>('GET', `/api/admin/audit?${params}`),
    placeholderData: keepPreviousData,
  });
}

export function useAuditAccounts() {
  return useQuery({
    queryKey: [...AUDIT_QUERY_KEY, 'accounts'],
    queryFn: () => apiRequest<AuditAccount[]>('GET', '/api/admin/audit/accounts'),
  });
}
