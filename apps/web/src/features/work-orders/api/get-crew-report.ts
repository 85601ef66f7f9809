// GET /api/admin/work-orders/report: a page of the crew report; and its CSV or PDF, saved by
// the browser under the name the server gives.
import type { CrewReport } from '@acende/shared/schemas/work-orders';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { officeKeys } from './query-keys.ts';

export interface CrewReportParams {
  from: string;
  to: string;
  companyId: string;
}

function search(params: CrewReportParams, page?: number): string {
  const query = new URLSearchParams({ from: params.from, to: params.to });
  if (params.companyId) query.set('companyId', params.companyId);
  if (page && page > 1) query.set('page', String(page));
  return query.toString();
}

export function useCrewReport(params: CrewReportParams | null, page: number) {
  return useQuery({
    queryKey: officeKeys.report(params, page),
    queryFn: () =>
      apiRequest<CrewReport>(
        'GET',
        `/api/admin/work-orders/report?${search(params ?? { from: '', to: '', companyId: '' }, page)}`,
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

export function useExportCrewReport() {
  return useMutation({
    mutationFn: async ({ params, format }: { params: CrewReportParams; format: 'csv' | 'pdf' }) =>
      (await downloadFile(`/api/admin/work-orders/report.${format}?${search(params)}`, `crew-report.${format}`)).name,
  });
}
