import { describe, expect, it } from 'vitest';
import { escapeHtml, headerSafe, renderConfirmation, renderPasswordReset, renderTestEmail } from './email.templates.ts';

describe('e-mail templates', () => {
  it('escapes every value that came from a person in the HTML, and keeps the text as typed', () => {
    const email = renderConfirmation('pt', {
      id: 12,
      name: '<img src=x onerror=alert(1)> "Zé" & Cia',
      phone: '51 9999-0000',
      address: 'Rua <b>A</b>',
      reference: "O'Brien's",
      problemType: 'FALLEN_POLE',
      companyName: 'CEEE',
      trackingUrl: 'http://acende.test/track/12?t=abc"><script>',
    });
    expect(email.html).not.toContain('<img');
    expect(email.html).not.toContain('<b>A</b>');
    expect(email.html).not.toContain('"><script>');
    expect(email.html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Zé&quot; &amp; Cia');
    expect(email.html).toContain('O&#39;Brien&#39;s');
    expect(email.text).toContain('Olá, <img src=x onerror=alert(1)> "Zé" & Cia!');
    expect(email.text).toContain('Poste caído');
  });

  it('keeps subjects on one line', () => {
    expect(headerSafe('a\r\nBcc: x@y.z\u0000b')).toBe('a Bcc: x@y.z b');
    expect(renderPasswordReset('en', { name: 'A', username: 'a', resetUrl: 'http://x/r/t' }).subject).toBe(
      'Reset your Acende password',
    );
  });

  it('names the server, the port and the secure flag in the test e-mail', () => {
    const email = renderTestEmail('en', { host: 'smtp.example.com', port: 465, secure: true });
    expect(email.text).toContain('Server: smtp.example.com');
    expect(email.text).toContain('Port: 465');
    expect(email.text).toContain('Secure connection (SSL/TLS): Yes');
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });
});
