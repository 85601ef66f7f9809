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

/**
 * A request's tracking token from its stored seed: 144 bits an attacker cannot compute
 * without APP_SECRET. The seed is random, or, with an Idempotency-Key, the key and the
 * body, so that a retry is answered with the same token.
 */
export function trackingTokenFromSeed(secret: string, seed: string): string {
  return derivedToken(secret, 'tracking', seed);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
