// `npm run bench:lighthouse` (issue 20): Lighthouse's mobile preset on the citizen's pages
// of the built server, `/` and `/track/{id}`, three runs each in Debian's Chromium; the
// median of each category and of the main timings is written to bench/results/lighthouse.md.
// Fails when a median misses its target: performance ≥ 90, accessibility 100, best
// practices 100, SEO ≥ 95. Map tiles come from a local tile server (no internet here).
// Flags: --runs N (3). Needs `npm run build` first. Not a test: timings vary with the machine.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { validRequest } from '../apps/api/test/requests.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/chromium.ts';
import { assertBuilt, freePort, ROOT, startBuiltServer } from '../tests/support/built-server.ts';

const args = process.argv.slice(2);
const RUNS = Number(args.includes('--runs') ? args[args.indexOf('--runs') + 1] : 3);
const TARGETS = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 95 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];
const TIMINGS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
] as const;

/** A 256 × 256 light grey PNG: every tile of the local tile server. */
function greyTile(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(256, 0);
  header.writeUInt32BE(256, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc(257 * 256, 0xe5);
  for (let y = 0; y < 256; y++) rows[y * 257] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

async function main() {
  assertBuilt();
  const tile = greyTile();
  const tiles = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=86400' }).end(tile);
  });
  const tilePort = await freePort();
  await new Promise<void>((resolve) => tiles.listen(tilePort, '127.0.0.1', resolve));

  const dataDir = mkdtempSync(join(tmpdir(), 'acende-lighthouse-'));
  const server = await startBuiltServer({
    port: await freePort(),
    databaseUrl: `sqlite:${join(dataDir, 'acende.db')}`,
    dataDir,
    env: {
      NODE_ENV: 'production',
      TILE_URL: `http://127.0.0.1:${tilePort}/{z}/{x}/{y}.png`,
      ADMIN_PASSWORD: 'lighthouse-admin-password',
    },
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  try {
    const companies = (await (await fetch(`${server.url}/api/energy-companies`)).json()) as { id: number }[];
    const created = await fetch(`${server.url}/api/repair-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...validRequest, company: String(companies[0]?.id) }),
    });
    if (created.status !== 201) throw new Error(`filing a request: ${created.status} ${await created.text()}`);
    const { id, trackingToken } = (await created.json()) as { id: number; trackingToken: string };
    const pages = [
      ['/', `${server.url}/`],
      ['/track/{id}', `${server.url}/track/${id}?t=${encodeURIComponent(trackingToken)}`],
    ] as const;

    const rows: string[] = [];
    const failures: string[] = [];
    for (const [name, url] of pages) {
      const scores: Record<Category, number[]> = { performance: [], accessibility: [], 'best-practices': [], seo: [] };
      const timings: number[][] = TIMINGS.map(() => []);
      const missed = new Set<string>();
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(url, { port: chrome.port, output: 'json', onlyCategories: CATEGORIES });
        if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
        const { categories, audits } = result.lhr;
        for (const category of CATEGORIES) scores[category].push(Math.round((categories[category]?.score ?? 0) * 100));
        for (const [i, [audit]] of TIMINGS.entries()) timings[i]?.push(audits[audit]?.numericValue ?? Number.NaN);
        // What moved, when something did: the elements behind the layout shift score.
        const shifts = audits['layout-shifts']?.details as { items?: { node?: { nodeLabel?: string } }[] } | undefined;
        for (const item of shifts?.items ?? []) missed.add(`layout shift: ${item.node?.nodeLabel ?? '?'}`);
        for (const category of CATEGORIES.filter((c) => c !== 'performance')) {
          for (const ref of categories[category]?.auditRefs ?? []) {
            const audit = audits[ref.id];
            if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
              missed.add(`${category}: ${ref.id}`);
          }
        }
        console.log(
          `${name} run ${run + 1}: ${CATEGORIES.map((c) => `${c} ${scores[c].at(-1)}`).join(', ')} · ` +
            TIMINGS.map(([, label], i) => `${label} ${Math.round(timings[i]?.at(-1) ?? 0)}`).join(' '),
        );
      }
      const medians = Object.fromEntries(CATEGORIES.map((c) => [c, median(scores[c])])) as Record<Category, number>;
      for (const category of CATEGORIES) {
        if (medians[category] < TARGETS[category])
          failures.push(`${name} ${category} ${medians[category]} < ${TARGETS[category]}`);
      }
      const timing = TIMINGS.map(([audit, label], i) => {
        const value = median(timings[i] ?? []);
        return audit === 'cumulative-layout-shift'
          ? `${label} ${value.toFixed(3)}`
          : `${label} ${Math.round(value)} ms`;
      });
      rows.push(
        `| \`${name}\` | ${CATEGORIES.map((c) => medians[c]).join(' | ')} | ${timing.join(', ')} | ${[...missed].join('; ') || '—'} |`,
      );
    }

    const report = [
      '# Lighthouse, mobile preset (issue 20)',
      '',
      `\`npm run bench:lighthouse\` on ${new Date().toISOString().slice(0, 10)}: Lighthouse 12 in Debian's Chromium, median of ${RUNS} runs per page, built server on SQLite (NODE_ENV=production; captcha off, which the first load of either page does not show), simulated mobile throttling. Targets: performance ≥ 90, accessibility 100, best practices 100, SEO ≥ 95.`,
      '',
      '| Page | Performance | Accessibility | Best practices | SEO | Median timings | Audits missed (any run) |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    writeFileSync(join(ROOT, 'bench', 'results', 'lighthouse.md'), report);
    console.log(`\n${report}`);
    if (failures.length) {
      console.error(`Below target: ${failures.join('; ')}`);
      process.exitCode = 1;
    }
  } finally {
    chrome.kill();
    await server.stop();
    tiles.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
