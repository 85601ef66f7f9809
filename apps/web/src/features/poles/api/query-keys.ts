// The pole registry's queries: the list (filtered and paged on the server), one pole for its
// form, and the companies whose labels the account may print. A save or an import refreshes
// everything under `all`.
import type { AdminPole } from '@acende/shared/schemas/poles';
import type { AdminPoleList } from '@acende/shared/schemas/poles-registry';
import type { ReportOptions } from '@acende/shared/schemas/reports';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PoleListParams {
  q: string;
  companyId: string;
  active: '' | 'true' | 'false';
  page: number;
  pageSize: number;
}

export type LabelCompany = ReportOptions['companies'][number];

function getPoles(params: PoleListParams) {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== '') query.set(name, String(value));
  return apiRequest<AdminPoleList>('GET', `/api/admin/poles?${query}`);
}

export const poleQueries = {
  all: () => ['admin', 'poles'] as const,
  /** GET /api/admin/poles. */
  list: (params: PoleListParams) =>
    queryOptions({ queryKey: [...poleQueries.all(), 'list', params] as const, queryFn: () => getPoles(params) }),
  /** GET /api/admin/poles/:id. */
  detail: (id: number | undefined) =>
    queryOptions({
      queryKey: [...poleQueries.all(), 'one', id] as const,
      queryFn: () => apiRequest<AdminPole>('GET', `/api/admin/poles/${id}`),
    }),
  /**
   * The same scoped list the report filters use (GET /api/admin/reports/options), so a
   * company-linked operator is offered exactly the companies the labels route accepts from it.
   */
  labelCompanies: () =>
    queryOptions({
      queryKey: [...poleQueries.all(), 'label-companies'] as const,
      queryFn: async (): Promise<LabelCompany[]> =>
        (await apiRequest<ReportOptions>('GET', '/api/admin/reports/options')).companies,
    }),
};
