// How a provider's refusal reads to the worker (Twilio's, Zenvia's): whether a retry may cure
// it and when the provider asked to be called again (a 429's or 503's Retry-After).

export class SmsSendError extends Error {
  constructor(
    message: string,
    /** From a 429's (or 503's) Retry-After, when it said. */
    readonly retryAfterMs: number | null,
    /** A retry would fail the same way. */
    readonly permanent: boolean,
    /** Twilio's error code, when it gave one. */
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/** Retry-After in seconds or as an HTTP date, in milliseconds from `now`. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** A provider's message without the numbers it may quote (a phone is personal data). */
export const maskNumbers = (text: string) => text.replace(/\+?\d[\d\s().-]{6,}\d/g, '[number]');
