// The audit log (a keyset page, filtered) and the account filter's choices (query-keys.ts).
import { AUDIT_FILTER_NAMES, type AuditFilters } from '@acende/shared/schemas/audit';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditQueries } from './query-keys.ts';

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
  return useQuery({ ...auditQueries.list(query, cursor, pageSize), placeholderData: keepPreviousData });
}

export function useAuditAccounts() {
  return useQuery(auditQueries.accounts());
}
