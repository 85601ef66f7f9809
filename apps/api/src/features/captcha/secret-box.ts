// Keeps the captcha provider's secret key encrypted at rest (AES-256-GCM under a key
// derived from APP_SECRET), so a copy of the settings table alone does not leak it.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const key = (appSecret: string) => createHash('sha256').update(`acende-captcha-secret\n${appSecret}`).digest();

export function sealSecret(appSecret: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(appSecret), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
}

/** The plain secret, or null when it cannot be opened (APP_SECRET changed). */
export function openSecret(appSecret: string, sealed: string): string | null {
  if (!sealed.startsWith('v1.')) return null;
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', key(appSecret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
