// GET /api/admin/reports/{kind}.{pdf|csv}: the file is streamed by the server; the browser
// saves it under the name the server gives. Not apiRequest: the answer is a file, not JSON.
import type { ReportFilters, ReportKind } from '@acende/shared/schemas/reports';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { reportQueryString } from '../lib/report-params.ts';

export interface ExportRequest {
  kind: ReportKind;
  format: 'pdf' | 'csv';
  filters: ReportFilters;
}

export async function exportReport({ kind, format, filters }: ExportRequest): Promise<string> {
  const query = reportQueryString(filters, false);
  const response = await fetch(`/api/admin/reports/${kind}.${format}${query ? `?${query}` : ''}`, {
    credentials: 'include',
    headers: { 'Accept-Language': currentLanguage() },
  });
  if (!response.ok) {
    const text = await response.text();
    let message: string | undefined;
    try {
      message = JSON.parse(text).message;
    } catch {
      message = undefined;
    }
    throw new ApiError(response.status, text || response.statusText, message, undefined);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

export function useExportReport() {
  return useMutation({ mutationFn: exportReport });
}
