// How a provider's refusal reads to the channels' worker (Twilio's, Zenvia's, Meta's): whether
// a retry may cure it, when the provider asked to be called again (a 429's or 503's
// Retry-After), and whether the recipient stopped our messages at the provider itself.

export class ChannelSendError extends Error {
  constructor(
    message: string,
    /** From a 429's (or 503's) Retry-After, when it said. */
    readonly retryAfterMs: number | null,
    /** A retry would fail the same way. */
    readonly permanent: boolean,
    /** The provider's error code, when it gave one. */
    readonly code: number | null,
    /** The recipient told the provider to stop our messages (Twilio's 21610): kept as stopped here. */
    readonly stopped = false,
  ) {
    super(message);
    this.name = 'ChannelSendError';
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
