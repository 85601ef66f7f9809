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
 * The tracking token of a request filed with an Idempotency-Key: 144 bits from the raw key
 * and the body's fingerprint under APP_SECRET, so a retry is answered with the same token.
 * The database keeps only the key's hash (idempotencyKeyHash), so neither it nor the secret
 * beside it can rebuild the token; without a key the token is random (newToken).
 */
export function trackingTokenForKey(secret: string, key: string, bodyHash: string): string {
  return derivedToken(secret, 'tracking', `${key}\n${bodyHash}`);
}

/** The stored, looked-up form of an Idempotency-Key (hex SHA-256; migration 0019 computes the same in SQL). */
export function idempotencyKeyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}
