// POST /api/admin/poles/labels: the QR labels of a selection of poles or of a whole company,
// as a PDF the server streams; the browser saves it under the name the server gives. Not
// apiRequest: the answer is a file, not JSON (an error answer is JSON, read as usual).
import type { PoleLabelsRequest } from '@acende/shared/schemas/pole-labels';
import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../../lib/download-file.ts';

export interface PrintedLabels {
  /** The file's name, as saved. */
  name: string;
  /** How many labels it holds. */
  count: number;
}

export async function printPoleLabels(body: PoleLabelsRequest): Promise<PrintedLabels> {
  const { name, response } = await downloadFile('/api/admin/poles/labels', 'pole-labels.pdf', {
    method: 'POST',
    body,
    accept: 'application/pdf, application/json',
  });
  return { name, count: Number(response.headers.get('x-label-count') ?? 0) };
}

export function usePrintPoleLabels() {
  return useMutation({ mutationFn: printPoleLabels });
}
