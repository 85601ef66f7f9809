import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_PURPOSE, openSecret, sealSecret } from './secret-box.ts';

const SECRET = 'app-secret-app-secret-app-secret-0123456789';

/** A captcha key as it was sealed before the two helpers became one (still in older databases). */
function legacyCaptchaSeal(appSecret: string, plain: string): string {
  const key = createHash('sha256').update(`acende-captcha-secret\n${appSecret}`).digest();
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64url')}`;
}

describe('secret box', () => {
  it('opens what it sealed, only for the same purpose and secret', () => {
    const sealed = sealSecret(SECRET, 'smtp-password', 'pässwörd $& 🔑');
    expect(sealed).not.toContain('pässwörd');
    expect(openSecret(SECRET, 'smtp-password', sealed)).toBe('pässwörd $& 🔑');
    expect(openSecret(SECRET, CAPTCHA_PURPOSE, sealed)).toBeNull();
    expect(openSecret(`${SECRET}x`, 'smtp-password', sealed)).toBeNull();
    expect(sealSecret(SECRET, 'smtp-password', 'same')).not.toBe(sealSecret(SECRET, 'smtp-password', 'same'));
  });

  it('refuses a changed or malformed value', () => {
    const sealed = sealSecret(SECRET, CAPTCHA_PURPOSE, 'secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3] as string, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    expect(
      openSecret(SECRET, CAPTCHA_PURPOSE, [...parts.slice(0, 3), flipped.toString('base64url')].join('.')),
    ).toBeNull();
    for (const bad of ['', 'v1', 'v2.a.b.c', 'v1.a.b', 'v1...', 'v1.!.!.!']) {
      expect(openSecret(SECRET, CAPTCHA_PURPOSE, bad)).toBeNull();
    }
  });

  it('still opens a captcha key sealed in the earlier form, and that form for no other purpose', () => {
    const legacy = legacyCaptchaSeal(SECRET, 'provider-secret');
    expect(openSecret(SECRET, CAPTCHA_PURPOSE, legacy)).toBe('provider-secret');
    expect(openSecret(`${SECRET}x`, CAPTCHA_PURPOSE, legacy)).toBeNull();
    expect(openSecret(SECRET, 'smtp-password', legacy)).toBeNull();
  });
});
