// Which endpoints a browser may subscribe with (decision 0063): the browsers' own push services
// on HTTPS and their own port, and hosts PUSH_EXTRA_HOSTS names; nothing that would make the
// server call into its own network.
import { createECDH } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { vapidSubject } from '../../core/channels/push-settings.service.ts';
import { isAcceptedPushEndpoint, isPushKey } from './push-hosts.ts';

describe('push endpoints', () => {
  it('takes the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/dQw4w9WgXcQ:APA91b',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAAB',
      'https://web.push.apple.com/QGuQyavXutnMH9Wv',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
      'https://android.googleapis.com/gcm/send/abc',
    ]) {
      expect(isAcceptedPushEndpoint(endpoint, ''), endpoint).toBe(true);
    }
  });

  it('refuses any other host, a look-alike, plain HTTP, another port or credentials in the URL', () => {
    for (const endpoint of [
      'https://10.0.0.5/admin',
      'https://127.0.0.1:8443/push',
      'https://fcm.googleapis.com.evil.test/x',
      'https://evilfcm.googleapis.com.test/x',
      'https://notfcm.googleapis.com/x',
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'not a url',
    ]) {
      expect(isAcceptedPushEndpoint(endpoint, ''), endpoint).toBe(false);
    }
  });

  it('takes the hosts PUSH_EXTRA_HOSTS names, on any port, and HTTPS still', () => {
    expect(isAcceptedPushEndpoint('https://127.0.0.1:8443/push', '127.0.0.1')).toBe(true);
    expect(isAcceptedPushEndpoint('https://push.example.org/x', ' other.test , PUSH.example.org')).toBe(true);
    expect(isAcceptedPushEndpoint('http://127.0.0.1:8443/push', '127.0.0.1')).toBe(false);
    expect(isAcceptedPushEndpoint('https://127.0.0.2/push', '127.0.0.1')).toBe(false);
  });

  it('names a contact for the push services: VAPID_SUBJECT, an HTTPS site, else a mailto: at its host', () => {
    expect(vapidSubject({ VAPID_SUBJECT: 'mailto:luz@prefeitura.gov.br', PUBLIC_URL: 'https://a.b' })).toBe(
      'mailto:luz@prefeitura.gov.br',
    );
    expect(vapidSubject({ VAPID_SUBJECT: undefined, PUBLIC_URL: 'https://luz.example.gov.br' })).toBe(
      'https://luz.example.gov.br',
    );
    expect(vapidSubject({ VAPID_SUBJECT: '', PUBLIC_URL: 'http://localhost:3000' })).toBe('mailto:admin@localhost');
  });

  it('takes a browser key only when it is a point on P-256', () => {
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    expect(isPushKey(browser.getPublicKey('base64url'))).toBe(true);
    // The schema's shape (65 bytes, 0x04 first) but no point of the curve.
    expect(isPushKey(`B${'A'.repeat(86)}`)).toBe(false);
    expect(isPushKey(`BAEB${'AQ'.repeat(41)}A`)).toBe(false);
  });
});
