// Item 10 of issue 9 (the API side; the admin screens are e2e/hardening-xss.spec.ts):
// script-bearing names, addresses and notes come out as text in e-mails (HTML escaped)
// and in PDF and CSV reports (no scripts or actions, no spreadsheet formulas); line
// breaks in e-mail fields cannot add headers or recipients.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { call, fileRequest, signIn, validRequest } from '../support/client.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';

const SCRIPT_NAME = '<script>window.__xss=1;alert("nome")</script>Zé';
const SCRIPT_ADDRESS = '<img src=x onerror="alert(2)">Rua <b>Negrito</b>, 10';
const SCRIPT_REFERENCE = '"><svg onload=alert(3)>';
const SCRIPT_NOTES = '</pre><script>alert(4)</script><a href="javascript:alert(5)">clique</a>';

async function pdfText(buffer: ArrayBuffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

describe.each(ENGINES)('script and header injection [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let smtp: SmtpCapture;
  let admin: string;
  let created: { id: number; trackingToken: string };
  const email = `xss-${engine}-${process.pid}@example.com`;
  beforeAll(async () => {
    env = await startFresh(engine, { label: 'injection' });
    smtp = await startSmtpCapture();
    admin = await signIn(env.server.url);
    await configureSmtp(env.server.url, admin, smtp);
    created = await fileRequest(env.server.url, {
      name: SCRIPT_NAME,
      address: SCRIPT_ADDRESS,
      reference: SCRIPT_REFERENCE,
      email,
    });
  });
  afterAll(async () => {
    await env?.close();
    await smtp?.close();
  });

  it('escapes names, addresses and notes in the e-mails', async () => {
    const confirmation = await smtp.waitFor((m) => m.envelopeTo.includes(email), 20_000);
    const detail = await call(env.server.url, 'GET', `/api/admin/repair-requests/${created.id}`, { cookie: admin });
    const update = await call(env.server.url, 'PATCH', `/api/admin/repair-requests/${created.id}`, {
      cookie: admin,
      body: { status: 'in_progress', notes: SCRIPT_NOTES, updatedAt: detail.json.updatedAt },
    });
    expect(update.status, update.text).toBe(200);
    expect(update.json.notes).toBe(SCRIPT_NOTES);
    const statusMail = await smtp.waitFor((m) => m.envelopeTo.includes(email) && m !== confirmation, 20_000);
    for (const mail of [confirmation, statusMail]) {
      // Escaped, the words stay ("onerror=") but no tag can open.
      expect(mail.html).not.toMatch(/<script|<img|<svg|<a href="javascript:|<\/pre>/i);
      expect(mail.html).not.toContain('<b>Negrito</b>');
    }
    expect(confirmation.html).toContain('&lt;script&gt;');
    expect(confirmation.html).toContain('&lt;img src=x onerror=');
    expect(confirmation.text).toContain(SCRIPT_ADDRESS);
  });

  it('keeps line breaks in e-mail fields from adding headers or recipients', async () => {
    const hostile = await call(env.server.url, 'POST', '/api/repair-requests', {
      body: { ...validRequest, email: `${email}\r\nBcc: victim@evil.test` },
    });
    expect(hostile.status).toBe(400);
    const viaName = `name-${email}`;
    await fileRequest(env.server.url, { name: 'Ana\r\nBcc: victim@evil.test\r\nSubject: hacked', email: viaName });
    const mail = await smtp.waitFor((m) => m.envelopeTo.includes(viaName), 20_000);
    const headerBlock = mail.raw.split(/\r?\n\r?\n/)[0] ?? '';
    expect(headerBlock).not.toMatch(/^Bcc:/im);
    expect(headerBlock).not.toMatch(/^Subject: hacked/im);
    expect(smtp.messages.some((m) => m.envelopeTo.includes('victim@evil.test'))).toBe(false);
    // The sender setting refuses line breaks too.
    const from = await call(env.server.url, 'POST', '/api/admin/email-settings', {
      cookie: admin,
      body: {
        enabled: true,
        host: smtp.host,
        port: smtp.port,
        secure: false,
        auth: { user: '', pass: '' },
        from: 'Acende <no-reply@acende.test>\r\nBcc: victim@evil.test',
      },
    });
    expect(from.status).toBe(400);
    const test = await call(env.server.url, 'POST', '/api/admin/email-settings/send-test', {
      cookie: admin,
      body: {
        to: 'ops@acende.test\r\nBcc: victim@evil.test',
        settings: {
          enabled: true,
          host: smtp.host,
          port: smtp.port,
          secure: false,
          auth: { user: '', pass: '' },
          from: 'no-reply@acende.test',
        },
      },
    });
    expect(test.status).toBe(400);
  });

  it('writes script-bearing text into PDF reports as text, with no script or action', async () => {
    const routes = [
      '/api/admin/reports/requests.pdf',
      '/api/admin/reports/area.pdf',
      '/api/admin/reports/location-map.pdf',
    ];
    for (const path of routes) {
      const res = await fetch(`${env.server.url}${path}`, { headers: { cookie: admin } });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/pdf/);
      const bytes = await res.arrayBuffer();
      const raw = Buffer.from(bytes).toString('latin1');
      expect(raw, path).not.toMatch(/\/(JavaScript|JS|OpenAction|AA|Launch|SubmitForm|EmbeddedFile)\b/);
      if (path.includes('requests.pdf')) {
        const text = await pdfText(bytes);
        expect(text).toContain('<img src=x');
      }
    }
  });

  it('guards CSV reports against spreadsheet formulas', async () => {
    await fileRequest(env.server.url, {
      name: '=HYPERLINK("http://evil.example","x")',
      address: '@SUM(1+1)*cmd|x',
      reference: '+1-2',
    });
    const res = await fetch(`${env.server.url}/api/admin/reports/requests.csv`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).not.toMatch(/(^|[,;\n])"?[=+@]/);
    expect(csv).toContain("'@SUM(1+1)");
  });
});
