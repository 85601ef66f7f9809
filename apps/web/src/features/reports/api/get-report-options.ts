// GET /api/admin/reports/options: companies, users and areas for the advanced filters.
import type { ReportOptions } from '@acende/shared/schemas/reports';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const fetchReportOptions = () => apiRequest<ReportOptions>('GET', '/api/admin/reports/options');

export function useReportOptions() {
  return useQuery({ queryKey: ['reports', 'options'], queryFn: fetchReportOptions });
}
