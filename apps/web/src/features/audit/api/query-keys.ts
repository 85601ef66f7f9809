// The audit log's queries: a keyset page of the log, filtered (GET /api/admin/audit), and the
// account filter's choices (GET /api/admin/audit/accounts).
import type { AuditAccount, AuditList } from '@acende/shared/schemas/audit';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const auditQueries = {
  all: () => ['admin', 'audit'] as const,
  list: (query: string, cursor: string | undefined, pageSize: number) =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'list', query, cursor ?? null, pageSize] as const,
      queryFn: () => {
        const params = new URLSearchParams(query);
        if (cursor) params.set('cursor', cursor);
        params.set('pageSize', String(pageSize));
        return apiRequest<AuditList>('GET', `/api/admin/audit?${params}`);
      },
    }),
  accounts: () =>
    queryOptions({
      queryKey: [...auditQueries.all(), 'accounts'] as const,
      queryFn: () => apiRequest<AuditAccount[]>('GET', '/api/admin/audit/accounts'),
    }),
};
