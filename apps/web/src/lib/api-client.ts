// The one way the web app calls the API: cookies sent, JSON both ways (a Blob body, a
// photo, goes as it is with its own type), a body only when there is data, and the chosen
// language as Accept-Language. A non-2xx answer
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
  const binary = body instanceof Blob;
  if (body !== undefined)
    headers['Content-Type'] = binary ? body.type || 'application/octet-stream' : 'application/json';
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : binary ? body : JSON.stringify(body),
    signal: init.signal,
  });
  const text = await response.text();
  if (!response.ok) throw apiErrorOf(response, text);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** The ApiError of a non-2xx answer whose body was read as `text` (JSON `{ message, errors }` or not). */
export function apiErrorOf(response: Response, text: string): ApiError {
  let parsed: { message?: string; errors?: Record<string, string> } | undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return new ApiError(response.status, text || response.statusText, parsed?.message, parsed?.errors);
}

/** The message to show a person for a failed call. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}
