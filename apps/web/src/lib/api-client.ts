// The one way the web app calls the API: cookies sent, JSON both ways, a body only
// when there is data, and the chosen language as Accept-Language. A non-2xx answer
// becomes an ApiError whose message is "{status}: {body text}"; screens show
// `serverMessage`, the body's `message`.
import { currentLanguage } from './i18n.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly serverMessage: string | undefined,
    readonly fieldErrors: Record<string, string> | undefined,
  ) {
    super(`${status}: ${bodyText}`);
    this.name = 'ApiError';
  }
}

export async function apiRequest<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  body?: unknown,
  init: { headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<T> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...init.headers,
  };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: init.signal,
  });
  const text = await response.text();
  if (!response.ok) throw apiErrorOf(response, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The ApiError of a non-2xx answer whose body was read as `text` (JSON `{ message, errors }` or not). */
function apiErrorOf(response: Response, text: string): ApiError {
  let parsed: { message?: string; errors?: Record<string, string> } | undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return new ApiError(response.status, text || response.statusText, parsed?.message, parsed?.errors);
}

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

/** The message to show a person for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
