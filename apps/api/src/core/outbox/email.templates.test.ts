import { describe, expect, it } from 'vitest';
import { renderConfirmation, renderPasswordReset, renderStatusUpdate, renderTestEmail } from './email.templates.ts';
import { escapeHtml, headerSafe } from './email.text.ts';

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

  it('names the expected repair day in the service’s time zone, and says nothing without a due time', () => {
    const data = {
      id: 12,
      name: 'Ana',
      phone: '51 9999-0000',
      address: 'Rua A',
      reference: null,
      problemType: 'FALLEN_POLE' as const,
      companyName: 'CEEE',
      trackingUrl: 'http://acende.test/track/12?t=abc',
    };
    // 01:30 UTC on 2 December is still 1 December in São Paulo.
    const pt = renderConfirmation('pt', { ...data, dueAt: '2026-12-02T01:30:00.000Z' });
    expect(pt.text).toContain(
      'Recebemos sua solicitação de reparo de iluminação pública. O número dela é 12.\n\nPrevisão de reparo: até 01/12/2026.',
    );
    expect(pt.html).toContain('<p style="margin:0 0 16px">Previsão de reparo: até 01/12/2026.</p>');
    expect(renderConfirmation('en', { ...data, dueAt: '2026-12-02T01:30:00.000Z' }).text).toContain(
      'Expected repair: by 01/12/2026.',
    );
    expect(renderConfirmation('pt', { ...data, dueAt: null }).text).not.toContain('Previsão de reparo');
  });

  it('keeps subjects on one line', () => {
    expect(headerSafe('a\r\nBcc: x@y.z\u0000b')).toBe('a Bcc: x@y.z b');
    expect(headerSafe('a\u0085b\u2028c\u009bd')).toBe('a b c d');
    expect(renderPasswordReset('en', { name: 'A', username: 'a', resetUrl: 'http://x/r/t' }).subject).toBe(
      'Reset your Acende password',
    );
  });

  it('drops control characters: fields and greetings on one line, notes keep their line breaks', () => {
    // biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
    const controls = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
    const confirmation = renderConfirmation('pt', {
      id: 12,
      name: 'Ana\u0000\u001b[2J',
      phone: '51 9999-0000',
      address: 'Rua A\r\n- Situação: concluída\u0085',
      reference: 'perto\u0007 da escola\u009b',
      problemType: 'LIGHT_OUT',
      companyName: 'CEEE',
      trackingUrl: 'http://acende.test/track/12?t=abc',
    });
    const update = renderStatusUpdate('pt', {
      id: 12,
      name: 'Ana\u0008',
      status: 'completed',
      notes: 'Trocada a lâmpada.\r\nVolte a avisar\u0000\u001b se apagar.',
      trackingUrl: 'http://acende.test/track/12?t=abc',
    });
    for (const email of [confirmation, update]) {
      for (const part of [email.subject, email.text, email.html]) expect(part).not.toMatch(controls);
    }
    expect(confirmation.text).toContain('Rua A - Situação: concluída');
    expect(confirmation.text).not.toMatch(/^- Situação/m);
    expect(update.text).toContain('Trocada a lâmpada.\nVolte a avisar se apagar.');
  });

  it('names the server, the port and the secure flag in the test e-mail', () => {
    const email = renderTestEmail('en', { host: 'smtp.example.com', port: 465, secure: true });
    expect(email.text).toContain('Server: smtp.example.com');
    expect(email.text).toContain('Port: 465');
    expect(email.text).toContain('Secure connection (SSL/TLS): Yes');
    expect(escapeHtml('<&>')).toBe('&lt;&amp;&gt;');
  });
});
