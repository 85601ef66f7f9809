// POST /api/admin/poles/labels: the QR labels of a selection of poles or of a whole company,
// as a PDF the server streams; the browser saves it under the name the server gives. Not
// apiRequest: the answer is a file, not JSON (an error answer is JSON, read as usual).
import type { PoleLabelsRequest } from '@acende/shared/schemas/pole-labels';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';

export interface PrintedLabels {
  /** The file's name, as saved. */
  name: string;
  /** How many labels it holds. */
  count: number;
}

export async function printPoleLabels(body: PoleLabelsRequest): Promise<PrintedLabels> {
  const response = await fetch('/api/admin/poles/labels', {
    method: 'POST',
    credentials: 'include',
    headers: {
      Accept: 'application/pdf, application/json',
      'Accept-Language': currentLanguage(),
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text();
    let parsed: { message?: string; errors?: Record<string, string> } | undefined;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    throw new ApiError(response.status, text || response.statusText, parsed?.message, parsed?.errors);
  }
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'pole-labels.pdf';
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, count: Number(response.headers.get('x-label-count') ?? 0) };
}

export function usePrintPoleLabels() {
  return useMutation({ mutationFn: printPoleLabels });
}
