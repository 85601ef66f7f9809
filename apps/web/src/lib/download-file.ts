// Files the server streams (PDF, CSV) saved by the browser: operators' exports and labels.
// Apart from api-client.ts, which every page's first load carries (decision 0024).
import { apiErrorOf } from './api-client.ts';
import { currentLanguage } from './i18n.ts';

/**
 * Fetches a file the server streams (a PDF, a CSV) and has the browser save it under the name
 * the server gives (Content-Disposition), else `fallbackName`. An error answer is JSON, thrown
 * as an ApiError like apiRequest's. Resolves with the name and the answer (for its headers).
 */
export async function downloadFile(
  path: string,
  fallbackName: string,
  init: { method?: 'GET' | 'POST'; body?: unknown; accept?: string } = {},
): Promise<{ name: string; response: Response }> {
  const headers: Record<string, string> = { 'Accept-Language': currentLanguage() };
  if (init.accept) headers.Accept = init.accept;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method: init.method ?? 'GET',
    credentials: 'include',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw apiErrorOf(response, await response.text());
  const blob = await response.blob();
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return { name, response };
}
