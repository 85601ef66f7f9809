// Issue 20: each public page is sent with the chunks it needs preloaded, as the build's
// chunk graph lists them: the wizard's page for `/`, the tracking page's for `/track/…`
// (and no wizard code there), nothing extra elsewhere; what a page loads first stays
// within 100 KB of gzipped JavaScript, as served (120 KB before issue 35).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../support/client.ts';
import { startFresh } from '../support/server.ts';

const dist = join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist');
const graph = JSON.parse(readFileSync(join(dist, '.vite', 'chunk-graph.json'), 'utf8')) as {
  chunks: Record<string, { modules: string[] }>;
};

/** The JS files a page names: its entry script and its module preloads. */
function scripts(html: string): string[] {
  return [...html.matchAll(/<(?:script[^>]*\ssrc|link rel="modulepreload"[^>]*\shref)="\/(assets\/[^"]+\.js)"/g)].map(
    (match) => match[1] as string,
  );
}
const holds = (files: string[], prefix: string) =>
  files.filter((file) => graph.chunks[file]?.modules.some((module) => module.startsWith(prefix)));

// The pages do not depend on the database: one engine is enough.
describe('page preloads (built server)', () => {
  let env: Awaited<ReturnType<typeof startFresh>>;
  beforeAll(async () => {
    env = await startFresh('sqlite', { label: 'page-preloads' });
  });
  afterAll(async () => {
    await env?.close();
  });

  const page = async (path: string) => {
    const res = await call(env.server.url, 'GET', path);
    expect(res.headers.get('content-type'), path).toMatch(/^text\/html/);
    return scripts(res.text);
  };

  it('preloads the wizard on / and the tracking page on /track/…, never the wizard there', async () => {
    const home = await page('/');
    expect(holds(home, 'src/features/wizard/components/wizard-page.tsx')).toHaveLength(1);
    expect(holds(home, 'src/features/tracking/')).toEqual([]);
    for (const path of ['/track', '/track/42', '/track/42?token=abc']) {
      const tracking = await page(path);
      expect(holds(tracking, 'src/features/tracking/components/tracking-page.tsx'), path).toHaveLength(1);
      expect(holds(tracking, 'src/features/wizard/'), path).toEqual([]);
    }
    // A pole's QR address: its own page's chunk, no tracking code (issue 21).
    const pole = await page('/p/1/PA-0042');
    expect(holds(pole, 'src/features/wizard/components/pole-page.tsx')).toHaveLength(1);
    expect(holds(pole, 'src/features/tracking/')).toEqual([]);
    // The unsubscribe page (an e-mail's link): its chunk preloaded, since the entry's lazy import
    // of it names no dependencies (decision 0040).
    const unsubscribe = await page('/unsubscribe?token=abc');
    expect(holds(unsubscribe, 'src/features/unsubscribe/components/unsubscribe-page.tsx')).toHaveLength(1);
    expect(holds(unsubscribe, 'src/lib/followers-catalogue.ts')).toHaveLength(1);
    // A page without its own chunk list gets the entry only.
    const admin = await page('/admin/login');
    expect(holds(admin, 'src/features/wizard/')).toEqual([]);
    expect(holds(admin, 'src/features/tracking/')).toEqual([]);
  });

  it('serves every preloaded file, and a page loads at most 100 KB of gzipped JavaScript first', async () => {
    for (const path of ['/', '/track/42', '/p/1/PA-0042', '/transparencia', '/unsubscribe?token=abc']) {
      let total = 0;
      for (const file of await page(path)) {
        const res = await fetch(`${env.server.url}/${file}`, { headers: { 'accept-encoding': 'identity' } });
        expect(res.status, file).toBe(200);
        total += gzipSync(Buffer.from(await res.arrayBuffer()), { level: 9 }).length;
      }
      expect(total / 1024, path).toBeLessThanOrEqual(100);
    }
  });
});
