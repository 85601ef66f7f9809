// GET /api/admin/audit.csv: streamed by the server, saved by the browser under the server's
// name. Not apiRequest: the answer is a file, not JSON.
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export async function exportAuditLog(query: string): Promise<string> {
  const response = await fetch(`/api/admin/audit.csv${query ? `?${query}` : ''}`, {
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
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'audit.csv';
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

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
