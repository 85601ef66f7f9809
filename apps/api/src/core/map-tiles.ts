// A map's background in a PDF (issue 23, decision 0032; the reports' location map, the work
// orders' route): the slippy-map tiles from TILE_URL that cover the frame, fetched by the server with a short timeout, a bounded
// count and size, and kept in a per-instance LRU. Web Mercator, the tiles' own projection,
// places the points so they sit on the streets the tiles show.
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../app-deps.ts';
import type { Config } from '../config.ts';
import { type Breaker, createBreaker } from '../lib/breaker.ts';
import type { Doc } from './pdf.ts';

export const TILE_SIZE = 256;
/** Street level; a single point (or points metres apart) is shown at this zoom. */
export const MAX_ZOOM = 17;
/** A frame of an A4 landscape page at 1 pt per tile pixel needs at most 4 × 3 tiles. */
export const MAX_TILES = 16;
export const TILE_TIMEOUT_MS = 3000;
export const MAX_TILE_BYTES = 512 * 1024;
const CACHE_BYTES = 32 * 1024 * 1024;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;

export interface Bounds {
  minLat: number;
  maxLat: number;
  minLon: number;
  maxLon: number;
}

export interface Frame {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface PlacedTile {
  url: string;
  /** Top-left corner on the page, in points. */
  x: number;
  y: number;
  image: Buffer;
  /** pdfkit's image, once the writer has read it. */
  opened?: unknown;
}

export interface TileLayer {
  zoom: number;
  tiles: PlacedTile[];
  /** Where a position falls on the page, in points. */
  project: (lat: number, lon: number) => [number, number];
}

// Mercator's limit: beyond it y runs off the world.
const MAX_LAT = 85.05112878;

/** A position in world pixels at `zoom` (Web Mercator, as the tiles are cut). */
export function worldPixel(lat: number, lon: number, zoom: number): [number, number] {
  const world = TILE_SIZE * 2 ** zoom;
  const clamped = Math.max(-MAX_LAT, Math.min(MAX_LAT, lat));
  const sin = Math.sin((clamped * Math.PI) / 180);
  const x = ((lon + 180) / 360) * world;
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world;
  return [x, y];
}

/** The deepest zoom (up to MAX_ZOOM) at which the points' box fits the frame, less a margin. */
export function chooseZoom(bounds: Bounds, frame: Frame, margin = 10): number {
  for (let zoom = MAX_ZOOM; zoom > 0; zoom -= 1) {
    const [x0, y0] = worldPixel(bounds.maxLat, bounds.minLon, zoom);
    const [x1, y1] = worldPixel(bounds.minLat, bounds.maxLon, zoom);
    if (x1 - x0 <= frame.width - 2 * margin && y1 - y0 <= frame.height - 2 * margin) return zoom;
  }
  return 0;
}

/** The tiles covering the frame around the box's centre, and where each goes on the page. */
export function planTiles(bounds: Bounds, frame: Frame) {
  const zoom = chooseZoom(bounds, frame);
  const [x0, y0] = worldPixel(bounds.maxLat, bounds.minLon, zoom);
  const [x1, y1] = worldPixel(bounds.minLat, bounds.maxLon, zoom);
  const left = (x0 + x1) / 2 - frame.width / 2;
  const top = (y0 + y1) / 2 - frame.height / 2;
  const count = 2 ** zoom;
  const tiles: { z: number; x: number; y: number; pageX: number; pageY: number }[] = [];
  for (let ty = Math.floor(top / TILE_SIZE); ty * TILE_SIZE < top + frame.height; ty += 1) {
    if (ty < 0 || ty >= count) continue;
    for (let tx = Math.floor(left / TILE_SIZE); tx * TILE_SIZE < left + frame.width; tx += 1) {
      tiles.push({
        z: zoom,
        // Across the antimeridian the world repeats.
        x: ((tx % count) + count) % count,
        y: ty,
        pageX: frame.left + tx * TILE_SIZE - left,
        pageY: frame.top + ty * TILE_SIZE - top,
      });
    }
  }
  const project = (lat: number, lon: number): [number, number] => {
    const [x, y] = worldPixel(lat, lon, zoom);
    return [frame.left + x - left, frame.top + y - top];
  };
  return { zoom, tiles, project };
}

/**
 * The URL of one tile: TILE_URL's template with the numbers put in ({s} → a, {r} → nothing).
 * Only that template is ever fetched: null when it leaves a placeholder or is not http(s).
 */
export function tileUrl(template: string, z: number, x: number, y: number): string | null {
  const text = template
    .replaceAll('{z}', String(z))
    .replaceAll('{x}', String(x))
    .replaceAll('{y}', String(y))
    .replaceAll('{s}', 'a')
    .replaceAll('{r}', '');
  if (/[{}]/.test(text)) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

// Tiles need not agree between instances: each keeps its own, bounded in bytes (decision 0032).
const cache = new LRUCache<string, Buffer>({
  maxSize: CACHE_BYTES,
  sizeCalculation: (value) => value.length,
  ttl: CACHE_TTL_MS,
});

/** Reads at most MAX_TILE_BYTES of a tile; anything else (status, type, size, time) is a miss. */
async function fetchTile(url: string, userAgent: string, signal: AbortSignal): Promise<Buffer | null> {
  const cached = cache.get(url);
  if (cached) return cached;
  const response = await fetch(url, { headers: { 'User-Agent': userAgent }, redirect: 'error', signal });
  if (!response.ok || !response.body) return null;
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_TILE_BYTES) {
    await response.body.cancel();
    return null;
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += chunk.length;
    if (size > MAX_TILE_BYTES) return null;
    chunks.push(Buffer.from(chunk));
  }
  const image = Buffer.concat(chunks);
  if (!startsWith(image, PNG) && !startsWith(image, JPEG)) return null;
  cache.set(url, image);
  return image;
}

/**
 * The tiles under the frame, or null when any of them could not be had (the caller then
 * draws the plain projection and says so). All are asked for at once, within one timeout.
 */
export async function loadTileLayer(
  template: string,
  userAgent: string,
  bounds: Bounds,
  frame: Frame,
  breaker?: Breaker,
): Promise<TileLayer | null> {
  const plan = planTiles(bounds, frame);
  if (plan.tiles.length === 0 || plan.tiles.length > MAX_TILES) return null;
  const signal = AbortSignal.timeout(TILE_TIMEOUT_MS);
  const fetchAll = () =>
    Promise.all(
      plan.tiles.map(async (tile) => {
        const url = tileUrl(template, tile.z, tile.x, tile.y);
        const image = url ? await fetchTile(url, userAgent, signal) : null;
        return image && url ? { url, x: tile.pageX, y: tile.pageY, image } : null;
      }),
    );
  try {
    // A tile server that keeps timing out is skipped for a while: the map is drawn plain at once.
    const tiles = await (breaker ? breaker.run(fetchAll) : fetchAll());
    if (tiles.some((tile) => tile === null)) return null;
    return { zoom: plan.zoom, tiles: tiles as PlacedTile[], project: plan.project };
  } catch {
    return null;
  }
}

/** The attribution as plain text: TILE_ATTRIBUTION is HTML for the web map. */
export function plainAttribution(html: string): string {
  return html
    .replace(/<[^>]*>/g, '')
    .replace(/&copy;/gi, '©')
    .replace(/&amp;/gi, '&')
    .replace(/&lt;/gi, '<')
    .replace(/&gt;/gi, '>')
    .replace(/&quot;/gi, '"')
    .replace(/&#39;|&apos;/gi, "'")
    .replace(/&nbsp;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const breakers = new WeakMap<Config, Breaker>();

/** The tile server's circuit breaker, one per configuration (decision 0048). */
export function tileBreakerFor(deps: Pick<AppDeps, 'config'> & Partial<Pick<AppDeps, 'metrics' | 'log'>>): Breaker {
  let breaker = breakers.get(deps.config);
  if (!breaker) {
    breaker = createBreaker('map-tiles', {
      resetMs: deps.config.DEPENDENCY_BREAKER_RESET_MS,
      metrics: deps.metrics,
      log: deps.log,
    });
    breakers.set(deps.config, breaker);
  }
  return breaker;
}

/** The User-Agent tile servers see (OpenStreetMap's policy asks for one naming the service). */
export const tileUserAgent = (deps: Pick<AppDeps, 'config'>) =>
  `Acende/0.1 (street-lighting repair requests; ${deps.config.PUBLIC_URL})`;

/**
 * Reads every tile's image before any is drawn: one pdfkit cannot read (a server answering
 * garbage behind a PNG signature) turns the whole layer into the fallback, not a broken PDF.
 */
export function openTiles(doc: Doc, layer: TileLayer): boolean {
  const opener = doc as unknown as { openImage: (src: Buffer) => unknown };
  try {
    for (const tile of layer.tiles) tile.opened = opener.openImage(tile.image);
    return true;
  } catch {
    return false;
  }
}

/** The tiles, clipped to the frame. */
export function drawTiles(doc: Doc, layer: TileLayer, area: Frame): void {
  doc.save();
  doc.rect(area.left, area.top, area.width, area.height).clip();
  for (const tile of layer.tiles) {
    // pdfkit takes an opened image where its types say a path or a buffer.
    doc.image((tile.opened ?? tile.image) as Buffer, tile.x, tile.y, { width: TILE_SIZE, height: TILE_SIZE });
  }
  doc.restore();
}

/** Where a position falls in `area` without tiles: equirectangular, scaled by the mid latitude's cosine, north up. */
export function plainProjection(b: Bounds, area: Frame, inner = 10): (lat: number, lon: number) => [number, number] {
  const midLat = ((b.minLat + b.maxLat) / 2) * (Math.PI / 180);
  const spanX = Math.max((b.maxLon - b.minLon) * Math.cos(midLat), 1e-6);
  const spanY = Math.max(b.maxLat - b.minLat, 1e-6);
  const scale = Math.min((area.width - 2 * inner) / spanX, (area.height - 2 * inner) / spanY);
  const offsetX = area.left + inner + (area.width - 2 * inner - spanX * scale) / 2;
  const offsetY = area.top + inner + (area.height - 2 * inner - spanY * scale) / 2;
  return (lat, lon) => [offsetX + (lon - b.minLon) * Math.cos(midLat) * scale, offsetY + (b.maxLat - lat) * scale];
}
