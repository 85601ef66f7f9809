// Random tokens given to people (tracking, sessions, password resets) and their
// stored form: only a SHA-256 hash is kept, and checks compare in constant time.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** 144 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(18).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function tokenMatches(token: string | undefined | null, storedHash: string | null): boolean {
  if (!token || !storedHash) return false;
  const a = Buffer.from(hashToken(token));
  const b = Buffer.from(storedHash);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A keyed, unguessable token derived from stable input (used where a retry must get the same token back). */
export function derivedToken(secret: string, purpose: string, input: string): string {
  return createHmac('sha256', secret).update(`${purpose}\n${input}`).digest().subarray(0, 18).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
