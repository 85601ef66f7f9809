// Issue 39, third fault: outside services that hang instead of failing. One TCP server takes
// connections and never answers; it stands for the geocoder, the map tile server and the
// SMTP server at once. A filing never waits on it past the area's time-out, a citizen's
// address search answers within GEOCODER_TIMEOUT_MS, and after repeated time-outs the
// geocoder's circuit opens (log line, acende_dependency_circuit_state = 2): calls answer
// 503 at once without reaching it, until it answers again. The operator's location-map PDF
// comes within the tiles' time-out; e-mails wait in the outbox without holding anyone.
import { createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { translate } from '../../packages/shared/src/i18n/catalogues.ts';
import { call, signIn, validRequest } from '../support/client.ts';
import { startFresh } from '../support/server.ts';
import { configureSmtp } from '../support/smtp.ts';
import { record } from '../support/summary.ts';

const TIMEOUT_MS = 1000;
const RESET_MS = 4000;
const METRICS_TOKEN = 'faults-metrics-token-0123456789';

/** A server that accepts and says nothing; `answer(true)` makes it answer HTTP with `[]`. */
async function hangingServer() {
  let answering = false;
  let connections = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
    socket.on('data', () => {
      if (answering) socket.end('HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n[]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    connections: () => connections,
    answer: (on: boolean) => {
      answering = on;
    },
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const timed = async <T>(run: () => Promise<T>) => {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
};

describe('outside services that hang [sqlite]', () => {
  it('times out every call, opens the geocoder’s circuit, and holds no citizen or operator', async () => {
    const hang = await hangingServer();
    const env = await startFresh('sqlite', {
      label: 'faults-dependency',
      env: {
        GEOCODER_URL: `http://127.0.0.1:${hang.port}`,
        TILE_URL: `http://127.0.0.1:${hang.port}/{z}/{x}/{y}.png`,
        GEOCODER_TIMEOUT_MS: String(TIMEOUT_MS),
        DEPENDENCY_BREAKER_RESET_MS: String(RESET_MS),
        SMTP_CHECK_TIMEOUT_MS: '1500',
        METRICS_TOKEN,
      },
    });
    const base = env.server.url;
    const circuit = async (dependency = 'geocoder') => {
      const text = (await call(base, 'GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
        .text;
      return new RegExp(`acende_dependency_circuit_state\\{dependency="${dependency}"\\} (\\d)`).exec(text)?.[1];
    };
    try {
      const cookie = await signIn(base);
      await configureSmtp(base, cookie, { host: '127.0.0.1', port: hang.port });
      // Citizens file with an e-mail while the geocoder, the tiles and SMTP all hang.
      const filings = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          timed(() =>
            call(base, 'POST', '/api/repair-requests', { body: { ...validRequest, email: `hang-${i}@example.com` } }),
          ),
        ),
      );
      expect(filings.map((f) => f.value.status)).toEqual(Array(10).fill(201));
      const slowestFiling = Math.max(...filings.map((f) => f.ms));
      expect(slowestFiling).toBeLessThan(2500 + 1500);

      // Address searches time out one by one (each waits for its paced slot, then TIMEOUT_MS).
      const searches = [];
      for (let i = 0; i < 3; i++) {
        searches.push(await timed(() => call(base, 'GET', `/api/geocode/search?q=Rua+Pendente+${i}`)));
      }
      for (const s of searches) {
        expect(s.value.status).toBeGreaterThanOrEqual(502);
        expect(s.ms).toBeLessThan(TIMEOUT_MS + 2500);
      }
      expect(await circuit()).toBe('2');
      expect(env.server.output()).toMatch(/geocoder: circuit open/);

      // Open: answered at once, in the reader's language, without calling the geocoder.
      const before = hang.connections();
      const skipped = await timed(() =>
        call(base, 'GET', '/api/geocode/search?q=Rua+Aberta', { headers: { 'accept-language': 'en' } }),
      );
      expect(skipped.value.status).toBe(503);
      expect(skipped.value.json.message).toBe(translate('en', 'common.errors.dependencyUnavailable'));
      expect(skipped.ms).toBeLessThan(500);
      expect(hang.connections()).toBe(before);

      // The operator's screens: the SMTP check and the location-map PDF each end within their time-out.
      const settings = {
        enabled: true,
        host: '127.0.0.1',
        port: hang.port,
        secure: false,
        auth: { user: '', pass: '' },
        from: 'Acende <no-reply@acende.test>',
      };
      const smtpCheck = await timed(() =>
        call(base, 'POST', '/api/admin/email-settings/test', { cookie, body: { settings } }),
      );
      expect(smtpCheck.value.status).toBe(422);
      expect(smtpCheck.ms).toBeGreaterThan(1400);
      expect(smtpCheck.ms).toBeLessThan(1500 + 1500);
      const mapPdf = () => timed(() => call(base, 'GET', '/api/admin/reports/location-map.pdf', { cookie }));
      // Three maps wait out the tiles' time-out each (drawn plain), and the tiles' circuit opens.
      const pdfs = [];
      for (let i = 0; i < 3; i++) pdfs.push(await mapPdf());
      for (const pdf of pdfs) {
        expect(pdf.value.status).toBe(200);
        expect(pdf.ms).toBeGreaterThan(2500);
        expect(pdf.ms).toBeLessThan(3000 + 2000);
      }
      const pdf = pdfs[0] as (typeof pdfs)[number];
      expect(await circuit('map-tiles')).toBe('2');
      expect(env.server.output()).toMatch(/map-tiles: circuit open/);
      // Open: the next map comes at once, plain, without asking the tile server.
      const beforeMap = hang.connections();
      const openMap = await mapPdf();
      expect(openMap.value.status).toBe(200);
      expect(openMap.ms).toBeLessThan(2000);
      expect(hang.connections()).toBe(beforeMap);

      // The geocoder answers again: after RESET_MS one call goes through and the circuit closes.
      hang.answer(true);
      await new Promise((r) => setTimeout(r, RESET_MS + 200));
      const back = await call(base, 'GET', '/api/geocode/search?q=Rua+Voltou');
      expect(back.status).toBe(200);
      expect(await circuit()).toBe('0');
      expect(env.server.output()).toMatch(/geocoder: circuit closed/);
      // The tile server answers too: the next map asks it again, and its circuit closes.
      const beforeBack = hang.connections();
      expect((await mapPdf()).value.status).toBe(200);
      expect(hang.connections()).toBeGreaterThan(beforeBack);
      expect(await circuit('map-tiles')).toBe('0');
      record(
        `faults: hanging geocoder/tiles/SMTP: 10 filings 201 (slowest ${Math.round(slowestFiling)} ms); ` +
          `3 searches timed out (slowest ${Math.round(Math.max(...searches.map((s) => s.ms)))} ms), then circuit open: ` +
          `503 in ${Math.round(skipped.ms)} ms with no call out; SMTP check ${smtpCheck.value.status} in ` +
          `${Math.round(smtpCheck.ms)} ms; map PDF ${pdf.value.status} in ${Math.round(pdf.ms)} ms, 3 of them opened the tiles' ` +
          `circuit, then a map in ${Math.round(openMap.ms)} ms with no tile asked; both circuits closed again after ${RESET_MS} ms`,
      );
    } finally {
      await env.close();
      await hang.close();
    }
  });
});
