// The completion e-mail's rating link (issue 35, decision 0050). The operator who completes a
// request never holds its tracking token (only its hash is stored), so the e-mail carries a
// token of its own: an HMAC of the request's number under APP_SECRET, derived again to check,
// never stored. It lets its holder rate that request and nothing else.
import { timingSafeEqual } from 'node:crypto';
import { derivedToken } from '../../lib/tokens.ts';

export function ratingToken(secret: string, requestId: number): string {
  return derivedToken(secret, 'rating', String(requestId));
}

export function ratingTokenMatches(secret: string, requestId: number, token: string | undefined): boolean {
  if (!token) return false;
  const expected = Buffer.from(ratingToken(secret, requestId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
