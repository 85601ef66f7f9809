// One call to a notice provider's HTTP API (Twilio, Zenvia, Meta): no redirects (a token must not
// follow one elsewhere), a time limit, the answer's JSON when it is JSON, and an unreachable or
// slow provider as a ChannelSendError a retry may cure. Each client reads its own answers.
import { ChannelSendError, maskNumbers, retryAfterMs } from './channel-send-error.ts';

export interface ProviderAnswer {
  status: number;
  ok: boolean;
  statusText: string;
  headers: Headers;
  /** The body as JSON; {} when it is not JSON (a proxy's error page). */
  json: Record<string, unknown>;
}

/** POSTs `body` to `url` as `provider`; throws ChannelSendError when no answer comes. */
export async function postToProvider(
  provider: string,
  url: string,
  init: { headers: Record<string, string>; body: string | URLSearchParams },
  timeoutMs: number,
): Promise<ProviderAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', ...init.headers },
      body: init.body,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'unreachable';
    throw new ChannelSendError(`${provider} ${reason}`, null, false, null);
  }
  const text = await response.text().catch(() => '');
  let json: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null) json = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: the status says enough.
  }
  return { status: response.status, ok: response.ok, statusText: response.statusText, headers: response.headers, json };
}

/** A provider's refusal as the worker reads it; `limited` answers wait their Retry-After. */
export function providerRefusal(
  provider: string,
  answer: ProviderAnswer,
  error: { code: string | number | null; message: unknown; limited: boolean; permanent: boolean; stopped?: boolean },
  now: number,
): ChannelSendError {
  const detail = maskNumbers(typeof error.message === 'string' ? error.message.slice(0, 300) : answer.statusText);
  const limited = error.limited || answer.status === 429 || answer.status === 503;
  return new ChannelSendError(
    `${provider} ${answer.status}${error.code !== null ? ` ${error.code}` : ''}: ${detail}`,
    limited ? retryAfterMs(answer.headers.get('retry-after'), now) : null,
    error.permanent,
    typeof error.code === 'number' ? error.code : null,
    error.stopped ?? false,
  );
}
