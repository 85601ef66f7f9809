// The companies whose poles the signed-in account may print: the same scoped list the
// report filters use (GET /api/admin/reports/options), so a company-linked operator is
// offered exactly the companies the labels route accepts from it.
import type { ReportOptions } from '@acende/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export type LabelCompany = ReportOptions['companies'][number];

export const getLabelCompanies = async (): Promise<LabelCompany[]> =>
  (await apiRequest<ReportOptions>('GET', '/api/admin/reports/options')).companies;

export function useLabelCompanies() {
  return useQuery({ queryKey: ['admin', 'poles', 'label-companies'], queryFn: getLabelCompanies });
}
