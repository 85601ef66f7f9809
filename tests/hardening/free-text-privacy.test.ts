// Issue 33 (decision 0043), on the built server, both engines, with FAST_PATH on (the
// default) and off. Item 2: a phone, an e-mail and a CPF typed into the reference and the
// address appear in no public answer (tracking without the token, Open311, nearby, open
// data, transparency, a follower's e-mail); the filer's link still shows them; anonymising
// clears the reference and cuts the address. Item 6: control characters and formula signs
// behind blanks or in full width leave no trace in the CSV, PDF and e-mails.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpCapture, startSmtpCapture } from '../../apps/api/test/smtp-capture.ts';
import { call, fileRequest, signIn } from '../support/client.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';

const PHONE = '(11) 91234-5678';
const MAIL = 'vizinho.secreto@exemplo-lgpd.org';
const CPF = '123.456.789-09';
const REFERENCE = `perto da padaria, ligar ${PHONE} ou ${MAIL}, CPF ${CPF}`;
const ADDRESS = `Rua dos Andradas, 1234 - apto 302, Centro, Porto Alegre, contato 11 98765 4321`;
const SECRETS = ['91234', 'vizinho.secreto', 'exemplo-lgpd', '123.456.789', '12345678909', '98765'];
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

async function pdfText(buffer: ArrayBuffer): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(buffer), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n');
}

const expectNoSecret = (what: string, text: string) => {
  for (const secret of SECRETS) expect(text, `${what} shows ${secret}`).not.toContain(secret);
};

describe.each(ENGINES.flatMap((engine) => [[engine, 'on'] as const, [engine, 'off'] as const]))(
  'citizens’ free text in public answers [%s, FAST_PATH=%s]',
  (engine: Engine, fastPath) => {
    let env: Awaited<ReturnType<typeof startFresh>>;
    let smtp: SmtpCapture;
    let admin: string;
    let filed: { id: number; trackingToken: string };
    const follower = `seguidor-${engine}-${fastPath}-${process.pid}@example.com`;
    const get = (path: string) => call(env.server.url, 'GET', path);

    beforeAll(async () => {
      env = await startFresh(engine, { label: `free-text-${fastPath}`, env: { FAST_PATH: fastPath } });
      smtp = await startSmtpCapture();
      admin = await signIn(env.server.url);
      await configureSmtp(env.server.url, admin, smtp);
      filed = await fileRequest(env.server.url, { reference: REFERENCE, address: ADDRESS, email: undefined });
    });
    afterAll(async () => {
      await env?.close();
      await smtp?.close();
    });

    it('no public answer shows a phone, e-mail or CPF typed into the free text', async () => {
      const id = filed.id;
      const tracking = await get(`/api/repair-requests/${id}`);
      expect(tracking.status).toBe(200);
      expect(tracking.json.reference).toContain('perto da padaria');
      expect(tracking.json.address).toContain('Rua dos Andradas, 1234');
      const answers: [string, string][] = [['tracking', tracking.text]];
      for (const path of [
        `/api/repair-requests/${id}?t=wrong`,
        '/open311/v2/requests.json',
        '/open311/v2/requests.xml',
        `/open311/v2/requests/${id}.json`,
        `/open311/v2/requests/${id}.xml`,
        '/api/repair-requests/nearby?lat=-30.0312&lng=-51.2306',
        '/api/open-data/requests.csv',
        '/api/open-data/requests.geojson',
        '/api/transparency',
        '/api/transparency.csv',
      ]) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        answers.push([path, res.text]);
      }
      expect(answers[2]?.[1]).toContain('perto da padaria');
      for (const [what, text] of answers) expectNoSecret(what, text);

      // A follower (not the filer) is told of the change without the filer's text.
      const follow = await call(env.server.url, 'POST', `/api/repair-requests/${id}/followers`, {
        body: { email: follower },
      });
      expect(follow.status, follow.text).toBeLessThan(300);
      const confirmation = await smtp.waitFor((m) => m.envelopeTo.includes(follower), 20_000);
      const detail = await call(env.server.url, 'GET', `/api/admin/repair-requests/${id}`, { cookie: admin });
      const update = await call(env.server.url, 'PATCH', `/api/admin/repair-requests/${id}`, {
        cookie: admin,
        body: { status: 'in_progress', updatedAt: detail.json.updatedAt },
      });
      expect(update.status, update.text).toBe(200);
      const status = await smtp.waitFor((m) => m.envelopeTo.includes(follower) && m !== confirmation, 20_000);
      for (const mail of smtp.messages.filter((m) => m.envelopeTo.includes(follower))) {
        expectNoSecret('follower e-mail', `${mail.subject}\n${mail.text}\n${mail.html}`);
      }
      expect(status.text).toContain(String(id));
    });

    it('the filer’s own link still shows their text', async () => {
      const own = await get(`/api/repair-requests/${filed.id}?t=${encodeURIComponent(filed.trackingToken)}`);
      expect(own.json.reference).toBe(REFERENCE);
      expect(own.json.address).toBe(ADDRESS);
    });

    it('anonymising clears the free text and cuts the address to street and area', async () => {
      const res = await call(env.server.url, 'POST', `/api/admin/repair-requests/${filed.id}/anonymize`, {
        cookie: admin,
      });
      expect(res.status, res.text).toBe(200);
      expect(res.json.reference).toBeNull();
      expect(res.json.address).not.toMatch(/1234|302/);
      expect(res.json.address).toMatch(/^Rua dos Andradas, /);
      const own = await get(`/api/repair-requests/${filed.id}?t=${encodeURIComponent(filed.trackingToken)}`);
      expect(own.json.reference).toBeNull();
      expect(own.json.address).toBe(res.json.address);
      expectNoSecret('anonymised, with the token', own.text);
      expectNoSecret('anonymised, admin detail', res.text);
    });

    it('control characters and hidden formulas do not reach the CSV, PDF or e-mails', async () => {
      const email = `controles-${engine}-${fastPath}-${process.pid}@example.com`;
      await fileRequest(env.server.url, {
        name: 'Ana\u0007\u001b[2J Souza\u0085',
        address: 'Rua\u0007B\u0085C, 5',
        reference: 'perto\u0001 da escola\u009b\r\n- Situação: concluída',
        email,
      });
      // The form trims blanks, not a control character before them.
      await fileRequest(env.server.url, { address: '\u0001 =HYPERLINK("http://evil.example","x")' });
      await fileRequest(env.server.url, { address: '\u0001\u3000＠SUM(1+1)\u009b' });
      await fileRequest(env.server.url, { address: '－1+cmd|x' });
      const mail = await smtp.waitFor((m) => m.envelopeTo.includes(email), 20_000);
      for (const part of [mail.subject, mail.text, mail.html]) expect(part).not.toMatch(CONTROLS);
      expect(mail.text).toContain('Ana [2J Souza');
      expect(mail.text).not.toMatch(/^- Situação/m);
      const csv = await (
        await fetch(`${env.server.url}/api/admin/reports/requests.csv`, { headers: { cookie: admin } })
      ).text();
      expect(csv).not.toMatch(CONTROLS);
      // No cell starts, after its quote and blanks, with a formula sign.
      expect(csv).not.toMatch(/(^|[;\n])"?[\s\u3000]*[=+@＝＋－＠]/m);
      expect(csv).toContain(`"' =HYPERLINK`);
      expect(csv).toContain(`'\u3000＠SUM(1+1);`);
      expect(csv).toContain(`'－1+cmd|x;`);
      expect(csv).toContain('RuaBC, 5');
      const pdf = await fetch(`${env.server.url}/api/admin/reports/requests.pdf`, { headers: { cookie: admin } });
      expect(pdf.status).toBe(200);
      const text = await pdfText(await pdf.arrayBuffer());
      expect(text).toContain('RuaBC, 5');
      expect(text).not.toContain('Rua?');
    });
  },
);
