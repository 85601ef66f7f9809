// The unsubscribe links of e-mails to citizens (decision 0034). Both kinds are HMACs under
// APP_SECRET, derived again each time an e-mail is written, so nothing that rebuilds them is
// stored: a follower's from (request, e-mail), kept only as its SHA-256; the filer's from the
// request's number, checked by deriving it again.
import { timingSafeEqual } from 'node:crypto';
import { derivedToken, hashToken } from '../../lib/tokens.ts';

/** A follower's token: `f` and 144 bits. */
export function followerUnsubscribeToken(secret: string, requestId: number, email: string): string {
  return `f${derivedToken(secret, 'unsubscribe-follower', `${requestId}\n${email}`)}`;
}

/** The filer's token for their own request: `r{id}.` and 144 bits. */
export function filerUnsubscribeToken(secret: string, requestId: number): string {
  return `r${requestId}.${derivedToken(secret, 'unsubscribe-request', String(requestId))}`;
}

export function unsubscribeUrl(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/$/, '')}/unsubscribe?token=${encodeURIComponent(token)}`;
}

export type ParsedUnsubscribeToken = { kind: 'follower'; hash: string } | { kind: 'request'; requestId: number } | null;

/** What a token stands for, or null when it is not one of ours (a filer's is checked here, a follower's by its hash). */
export function parseUnsubscribeToken(secret: string, token: string): ParsedUnsubscribeToken {
  if (/^f[A-Za-z0-9_-]{24}$/.test(token)) return { kind: 'follower', hash: hashToken(token) };
  const match = /^r([1-9]\d{0,9})\.[A-Za-z0-9_-]{24}$/.exec(token);
  if (!match) return null;
  const requestId = Number(match[1]);
  const expected = Buffer.from(filerUnsubscribeToken(secret, requestId));
  const given = Buffer.from(token);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { kind: 'request', requestId } : null;
}
