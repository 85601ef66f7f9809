// Encrypts the few secrets kept in the database (the SMTP password, the captcha provider's
// secret key, each account's TOTP secret) with AES-256-GCM under a key derived from
// APP_SECRET by HKDF, one key per purpose, so a copy of the database alone reveals nothing.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** The captcha provider's secret key's purpose. */
export const CAPTCHA_PURPOSE = 'captcha-secret-key';
/** An account's TOTP secret (decision 0026). */
export const TOTP_PURPOSE = 'totp-secret';

function keyFor(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'acende-settings', purpose, 32));
}

export function sealSecret(appSecret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(appSecret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), data].map((b) => b.toString('base64url'));
  return `${VERSION}.${parts.join('.')}`;
}

/**
 * The plain text, or null when the value was not sealed for `purpose` under this secret
 * (APP_SECRET changed). Also opens the form captcha keys were sealed in before this module
 * (`v1.` and one blob, key = SHA-256 of a label and the secret), still in older databases:
 * the next save seals them anew.
 */
export function openSecret(appSecret: string, purpose: string, sealed: string): string | null {
  const parts = sealed.split('.');
  if (parts[0] !== VERSION) return null;
  const [iv, tag, data, key] =
    parts.length === 4
      ? [...parts.slice(1).map((part) => Buffer.from(part, 'base64url')), keyFor(appSecret, purpose)]
      : parts.length === 2 && purpose === CAPTCHA_PURPOSE
        ? legacyCaptchaParts(appSecret, Buffer.from(parts[1] as string, 'base64url'))
        : [];
  if (!iv || !tag || !data || !key) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

function legacyCaptchaParts(appSecret: string, raw: Buffer): Buffer[] {
  const key = createHash('sha256').update(`acende-captcha-secret\n${appSecret}`).digest();
  return [raw.subarray(0, 12), raw.subarray(12, 28), raw.subarray(28), key];
}
