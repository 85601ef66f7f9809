// Issue 20: how the built server serves the web app. Text files go out as the build
// compressed them (brotli first, then gzip, by Accept-Encoding, none at q=0), the page as
// the server compresses it; hashed assets are cached for a year, the HTML never stale;
// robots.txt and favicon.ico are real files; a page path the app does not draw is a 404
// with the app's HTML, an unknown API path is still a JSON 404.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodedBody } from '../support/client.ts';
import { ENGINES, type Engine, startFresh } from '../support/server.ts';

const DIST = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as sent (fetch would decompress them). */
  body: Buffer;
}

/** A GET whose body is read as it came over the wire. */
function rawGet(base: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, base), { method: 'GET', headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decoded = (answer: RawAnswer) => decodedBody(answer.body, String(answer.headers['content-encoding'] ?? ''));

const varyList = (answer: RawAnswer) =>
  String(answer.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

/** The largest built script, the entry's first-load weight. */
function largestScript(): { path: string; bytes: Buffer } {
  const assets = join(DIST, 'assets');
  const file = readdirSync(assets)
    .filter((f) => f.endsWith('.js'))
    .sort((a, b) => statSync(join(assets, b)).size - statSync(join(assets, a)).size)[0];
  if (!file) throw new Error('no built script: run `npm run build`');
  return { path: `/assets/${file}`, bytes: readFileSync(join(assets, file)) };
}

describe.each(ENGINES)('serving the web app [%s]', (engine: Engine) => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  let base: string;
  beforeAll(async () => {
    env = await startFresh(engine, { label: 'serving' });
    base = env.server.url;
  });
  afterAll(async () => {
    await env?.close();
  });

  it('sends a script as brotli, gzip or plain as Accept-Encoding asks, smaller when compressed', async () => {
    const script = largestScript();
    const cases: [string | undefined, string | undefined][] = [
      ['gzip, deflate, br', 'br'],
      ['br;q=0.5, gzip', 'gzip'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['br;q=0, *', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ];
    for (const [accept, expected] of cases) {
      const answer = await rawGet(base, script.path, accept === undefined ? {} : { 'accept-encoding': accept });
      const label = `Accept-Encoding: ${accept ?? '(none)'}`;
      expect(answer.status, label).toBe(200);
      expect(answer.headers['content-encoding'], label).toBe(expected);
      expect(answer.headers['content-type'], label).toMatch(/^(text|application)\/javascript/);
      expect(varyList(answer), label).toContain('accept-encoding');
      expect(answer.headers['cache-control'], label).toBe('public, max-age=31536000, immutable');
      expect(decoded(answer).equals(script.bytes), label).toBe(true);
      if (expected) expect(answer.body.length, label).toBeLessThan(script.bytes.length / 2);
      else expect(answer.body.length, label).toBe(script.bytes.length);
    }
  });

  it('sends the stylesheet compressed too', async () => {
    const css = readdirSync(join(DIST, 'assets')).find((f) => f.endsWith('.css'));
    expect(css).toBeDefined();
    const answer = await rawGet(base, `/assets/${css}`, { 'accept-encoding': 'br' });
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^text\/css/);
    expect(decoded(answer).equals(readFileSync(join(DIST, 'assets', String(css))))).toBe(true);
  });

  it('sends the themed page compressed, never cached stale, on 200 and on 404', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/track/12', 200],
      ['/admin/requests/3', 200],
      ['/no-such-page', 404],
      ['/admin/no-such-screen', 404],
    ] as const) {
      // The same page whatever the encoding (each path its own preloads, none mixed up).
      const plain = (await rawGet(base, path)).body.toString('utf8');
      for (const [accept, expected] of [
        ['br, gzip', 'br'],
        ['gzip', 'gzip'],
        ['br;q=0, gzip;q=0', undefined],
      ] as const) {
        const answer = await rawGet(base, path, { 'accept-encoding': accept });
        const label = `${path} with ${accept}`;
        expect(answer.status, label).toBe(status);
        expect(answer.headers['cache-control'], label).toBe('no-cache');
        expect(answer.headers['content-type'], label).toBe('text/html; charset=utf-8');
        expect(answer.headers['content-encoding'], label).toBe(expected);
        expect(varyList(answer), label).toContain('accept-encoding');
        const html = decoded(answer).toString('utf8');
        // The app itself (the SPA draws its not-found page), with the theme inlined.
        expect(html, label).toContain('<div id="root"></div>');
        expect(html, label).toContain('id="acende-theme"');
        expect(html, label).toBe(plain);
        if (expected) expect(answer.body.length, label).toBeLessThan(Buffer.byteLength(html));
      }
    }
  });

  it('answers the pages the app draws with 200 and other page paths with 404', async () => {
    for (const path of ['/', '/track', '/track/5?t=x', '/privacy', '/accessibility', '/admin', '/admin/login']) {
      expect((await rawGet(base, path)).status, path).toBe(200);
    }
    for (const path of ['/wp-login.php', '/track/5/extra', '/admin/users/9', '/index.html', '/assets/nope.js']) {
      const answer = await rawGet(base, path);
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toBe('text/html; charset=utf-8');
    }
  });

  it('still answers an unknown API path with a JSON 404', async () => {
    for (const path of ['/api/nothing-here', '/%61pi/nothing-here']) {
      const answer = await rawGet(base, path, { 'accept-encoding': 'br, gzip' });
      expect(answer.status, path).toBe(404);
      expect(answer.headers['content-type'], path).toMatch(/^application\/json/);
      expect(JSON.parse(decoded(answer).toString('utf8')).message, path).toEqual(expect.any(String));
    }
  });

  it('serves robots.txt and favicon.ico as real files with a short cache', async () => {
    const robots = await rawGet(base, '/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    const text = robots.body.toString('utf8');
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/admin$/m);
    expect(text).toMatch(/^Disallow: \/api$/m);
    expect(text).not.toMatch(/^Disallow: \/$/m);

    const icon = await rawGet(base, '/favicon.ico', { 'accept-encoding': 'br, gzip' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    // An ICO directory (reserved 0, type 1, at least one image), not the app's HTML.
    const body = decoded(icon);
    expect(body.readUInt16LE(0)).toBe(0);
    expect(body.readUInt16LE(2)).toBe(1);
    expect(body.readUInt16LE(4)).toBeGreaterThan(0);
  });
});
