// GET /api/admin/audit.csv: streamed by the server, saved by the browser under the server's
// name. Not apiRequest: the answer is a file, not JSON.
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

export async function exportAuditLog(query: string): Promise<string> {
  return (await downloadFile(`/api/admin/audit.csv${query ? `?${query}` : ''}`, 'admin-access.audit.csv')).name;
}

export function useExportAuditLog() {
  return useMutation({ mutationFn: exportAuditLog });
}
