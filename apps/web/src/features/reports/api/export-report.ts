// GET /api/admin/reports/{kind}.{pdf|csv}: the file is streamed by the server; the browser
// saves it under the name the server gives. Not apiRequest: the answer is a file, not JSON.
import type { ReportFilters, ReportKind } from '@acende/shared/schemas/reports';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';
import { reportQueryString } from '../lib/report-params.ts';

export interface ExportRequest {
  kind: ReportKind;
  format: 'pdf' | 'csv';
  filters: ReportFilters;
}

export async function exportReport({ kind, format, filters }: ExportRequest): Promise<string> {
  const query = reportQueryString(filters, false);
  const path = `/api/admin/reports/${kind}.${format}${query ? `?${query}` : ''}`;
  return (await downloadFile(path, `${kind}.${format}`)).name;
}

export function useExportReport() {
  return useMutation({ mutationFn: exportReport });
}
