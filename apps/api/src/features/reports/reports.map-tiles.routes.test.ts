// The location-map PDF over map tiles (issue 23, decision 0032), on both engines. A local
// tile server paints every tile one colour of its own (from its x and y); the PDF is
// rendered to pixels and the test finds the tiles there, and each point's marker where its
// tile and its place inside that tile say (Web Mercator, computed here independently).
// Then the server goes away and the PDF falls back to the plain projection, saying so.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, describe, expect, test } from 'vitest';
import { signedIn } from '../../../test/accounts.ts';
import { fileRequest } from '../../../test/email.ts';
import { describeEachEngine, it } from '../../../test/engines.ts';
import { tileUrl } from '../../core/map-tiles.ts';

type Rgb = [number, number, number];
const tileColour = (x: number, y: number): Rgb => [40 + (x % 10) * 20, 60 + (y % 10) * 18, 220 - ((x + y) % 5) * 30];
const OPEN_COLOUR: Rgb = [0xd5, 0x5e, 0x00];

const pngCache = new Map<string, Buffer>();
function tilePng(x: number, y: number): Buffer {
  const key = `${x}/${y}`;
  let png = pngCache.get(key);
  if (!png) {
    const canvas = createCanvas(256, 256);
    const context = canvas.getContext('2d');
    context.fillStyle = `rgb(${tileColour(x, y).join(',')})`;
    context.fillRect(0, 0, 256, 256);
    png = canvas.toBuffer('image/png');
    pngCache.set(key, png);
  }
  return png;
}

/** Every path asked for, and tiles while `mode` is 'up'; 'garbage' answers PNG-signed junk. */
const asked: string[] = [];
let mode: 'up' | 'garbage' = 'up';
const server: Server = createServer((request, response) => {
  asked.push(request.url ?? '');
  const match = /^\/tiles-\w+\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
  if (!match) {
    response.writeHead(404).end();
    return;
  }
  const body =
    mode === 'up'
      ? tilePng(Number(match[2]), Number(match[3]))
      : Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not a png')]);
  response.writeHead(200, { 'content-type': 'image/png' }).end(body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = (server.address() as AddressInfo).port;
/** Serving tiles again (a test before took the server down), on the same port. */
async function serveTiles() {
  mode = 'up';
  if (!server.listening) await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
}

/** The tile and world pixel of a position at `zoom`, as slippy-map tiles are cut. */
function mercator(lat: number, lon: number, zoom: number) {
  const n = 2 ** zoom;
  const latR = (lat * Math.PI) / 180;
  const x = ((lon + 180) / 360) * n;
  const y = ((1 - Math.log(Math.tan(latR) + 1 / Math.cos(latR)) / Math.PI) / 2) * n;
  return { tx: Math.floor(x), ty: Math.floor(y), fx: x - Math.floor(x), fy: y - Math.floor(y) };
}

const SCALE = 2;
interface Page {
  width: number;
  height: number;
  data: Uint8ClampedArray;
  text: string;
}
async function renderPdf(bytes: Buffer): Promise<Page[]> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    disableFontFace: true,
    verbosity: 0,
  }).promise;
  const pages: Page[] = [];
  for (let n = 1; n <= pdf.numPages; n += 1) {
    const page = await pdf.getPage(n);
    const viewport = page.getViewport({ scale: SCALE });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const context = canvas.getContext('2d');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    await page.render({
      canvas: canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
    }).promise;
    const text = (await page.getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    pages.push({ width: canvas.width, height: canvas.height, data: image.data, text });
  }
  await pdf.destroy();
  return pages;
}

const near = (a: Rgb, b: Rgb, tolerance = 4) => a.every((v, i) => Math.abs(v - (b[i] as number)) <= tolerance);
const pixel = (page: Page, x: number, y: number): Rgb => {
  const i = (Math.round(y) * page.width + Math.round(x)) * 4;
  return [page.data[i] as number, page.data[i + 1] as number, page.data[i + 2] as number];
};
/** The box of the pixels of `colour`, or null. */
function boxOf(page: Page, colour: Rgb) {
  let left = Number.POSITIVE_INFINITY;
  let top = Number.POSITIVE_INFINITY;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < page.height; y += 1) {
    for (let x = 0; x < page.width; x += 1) {
      if (near(pixel(page, x, y), colour, 1)) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  }
  return right < 0 ? null : { left, top, right, bottom };
}

const POINTS = [
  { latitude: '-30.0277', longitude: '-51.2287' },
  { latitude: '-30.0291', longitude: '-51.2268' },
];
const ATTRIBUTION = '&copy; <a href="https://tiles.example">Test Tiles</a> &amp; friends';

describeEachEngine(
  'location-map PDF over map tiles',
  (ctx) => {
    afterAll(async () => {
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    });

    it('draws the tiles and puts each point on the tile and spot its coordinates name', async () => {
      await serveTiles();
      const admin = await signedIn(ctx(), { role: 'admin' });
      for (const point of POINTS) await fileRequest(ctx(), { ...point, company: '1' });
      asked.length = 0;
      const res = await ctx().app.inject({
        url: '/api/admin/reports/location-map.pdf?companyId=1',
        headers: { ...admin.headers, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      // Only TILE_URL's template was asked for, a bounded number of times.
      expect(asked.length).toBeGreaterThan(0);
      expect(asked.length).toBeLessThanOrEqual(16);
      expect(asked.every((path) => /^\/tiles-\w+\/\d+\/\d+\/\d+\.png$/.test(path))).toBe(true);
      const zooms = new Set(asked.map((path) => Number(path.split('/')[2])));
      expect(zooms.size).toBe(1);
      const zoom = [...zooms][0] as number;

      const pages = await renderPdf(res.rawPayload);
      const page = pages.find((p) => p.text.includes('Test Tiles')) as Page;
      expect(page, 'a page with the attribution').toBeDefined();
      expect(page.text).toContain('Map: © Test Tiles & friends');
      expect(page.text).not.toContain('could not be loaded');

      for (const point of POINTS) {
        const { tx, ty, fx, fy } = mercator(Number(point.latitude), Number(point.longitude), zoom);
        const box = boxOf(page, tileColour(tx, ty));
        expect(box, `tile ${zoom}/${tx}/${ty} on the page`).not.toBeNull();
        if (!box) continue;
        const size = 256 * SCALE;
        // A tile cut by the frame shows its true edge on the side a neighbour tile touches.
        const leftIsEdge = near(pixel(page, box.left - 3, (box.top + box.bottom) / 2), tileColour(tx - 1, ty));
        const topIsEdge = near(pixel(page, (box.left + box.right) / 2, box.top - 3), tileColour(tx, ty - 1));
        const tileLeft = leftIsEdge || box.right - box.left + 1 >= size - 2 ? box.left : box.right + 1 - size;
        const tileTop = topIsEdge || box.bottom - box.top + 1 >= size - 2 ? box.top : box.bottom + 1 - size;
        const expectedX = tileLeft + fx * size;
        const expectedY = tileTop + fy * size;
        // The marker (the open status's colour) covers the expected spot, within the 2-pt grid it is drawn on.
        let found = false;
        for (let dy = -3; dy <= 3 && !found; dy += 1) {
          for (let dx = -3; dx <= 3 && !found; dx += 1) {
            found = near(pixel(page, expectedX + dx, expectedY + dy), OPEN_COLOUR, 6);
          }
        }
        expect(found, `marker of ${point.latitude},${point.longitude} at ${expectedX},${expectedY}`).toBe(true);
      }
    });

    it('falls back to the plain projection, saying so, when the tiles cannot be had', async () => {
      const admin = await signedIn(ctx(), { role: 'admin' });
      // Another company's points elsewhere, so no tile of the first test is in the cache.
      await fileRequest(ctx(), { latitude: '-15.7939', longitude: '-47.8828', company: '2' });
      await fileRequest(ctx(), { latitude: '-15.7990', longitude: '-47.8700', company: '2' });
      for (const [state, language, sentence] of [
        ['garbage', 'pt', 'Não foi possível carregar as imagens do mapa'],
        ['down', 'en', 'The map tiles could not be loaded'],
      ] as const) {
        if (state === 'garbage') mode = 'garbage';
        else await new Promise((resolve) => server.close(resolve));
        if (state === 'down') expect(server.listening).toBe(false);
        const res = await ctx().app.inject({
          url: '/api/admin/reports/location-map.pdf?companyId=2',
          headers: { ...admin.headers, 'accept-language': language },
        });
        expect(res.statusCode).toBe(200);
        const pages = await renderPdf(res.rawPayload);
        const page = pages.find((p) => p.text.includes(sentence));
        expect(page, `${state}: the fallback sentence`).toBeDefined();
        if (!page) continue;
        expect(page.text).not.toContain('Test Tiles');
        // The points are still drawn, on white.
        let markers = 0;
        for (let y = 0; y < page.height; y += 2) {
          for (let x = 0; x < page.width; x += 2) if (near(pixel(page, x, y), OPEN_COLOUR, 6)) markers += 1;
        }
        expect(markers).toBeGreaterThan(0);
      }
    });
  },
  {
    // One path per engine: the tile cache lives as long as the process, and each engine's test must fetch.
    env: (engine) => ({
      TILE_URL: `http://127.0.0.1:${port}/tiles-${engine}/{z}/{x}/{y}.png`,
      TILE_ATTRIBUTION: ATTRIBUTION,
    }),
  },
);

describe('tile addresses', () => {
  test("fills only TILE_URL's template and refuses anything else", () => {
    expect(tileUrl('https://{s}.tile.example/{z}/{x}/{y}{r}.png', 3, 4, 5)).toBe('https://a.tile.example/3/4/5.png');
    expect(tileUrl('https://tile.example/{z}/{x}/{y}.png?key={apikey}', 1, 1, 1)).toBeNull();
    expect(tileUrl('file:///etc/{z}/{x}/{y}', 1, 1, 1)).toBeNull();
    expect(tileUrl('not a url {z}', 1, 1, 1)).toBeNull();
  });
});
