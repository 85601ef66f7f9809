// Address search and reverse lookup through a Nominatim-compatible service (decision 0002 §12):
// the app's own User-Agent, a cache, and at most one upstream call per second, queued; the
// second is shared by every instance through the app's limit store (decision 0002 §22).
import { LRUCache } from 'lru-cache';
import type { AppDeps } from '../../app-deps.ts';
import type { Config } from '../../config.ts';
import { type Breaker, createBreaker } from '../../lib/breaker.ts';
import { AppError } from '../../lib/errors.ts';

export const GEOCODER_ACCEPT_LANGUAGE = 'pt-BR,pt,en-US,en';
export const GEOCODER_MIN_INTERVAL_MS = 1000;
/** Upstream calls that may wait for a slot at once (about as many seconds of waiting). */
export const GEOCODER_MAX_WAITING = 5;
/**
 * Added to the interval of the shared pace: a slot is taken in the store and the call goes
 * out a little later (the store's answer and the call travel), by more on one instance than
 * on another; the margin keeps two calls a second apart at the geocoder.
 */
export const GEOCODER_PACE_MARGIN_MS = 200;
const UPSTREAM_TIMEOUT_MS = 5000;
const CACHE_TTL_MS = 24 * 60 * 60 * 1000;
const CACHE_MAX_ENTRIES = 2000;
const SEARCH_LIMIT = 5;

/** The parts of Nominatim's `address` object that name an area (decision 0002 §10). */
export interface AddressDetails {
  suburb?: string;
  neighbourhood?: string;
  city_district?: string;
  quarter?: string;
  city?: string;
  town?: string;
  village?: string;
  municipality?: string;
}

export interface ReverseResult {
  display_name: string;
  lat: string;
  lon: string;
  address?: AddressDetails;
}

export interface SearchResult {
  display_name: string;
  lat: string;
  lon: string;
}

export interface Area {
  district: string | null;
  city: string | null;
}

export interface GeocoderOptions {
  baseUrl: string;
  userAgent: string;
  minIntervalMs?: number;
  maxWaiting?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
  /** How long one upstream call may take (GEOCODER_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Skips upstream calls for a while after repeated failures or time-outs (decision 0048). */
  breaker?: Breaker;
  /**
   * Takes the next upstream slot, `intervalMs` after the one before, and answers how long to
   * wait for it (ms). Default: slots of this geocoder alone, on `now`.
   */
  pace?: (intervalMs: number) => number | Promise<number>;
}

export interface Geocoder {
  reverse(lat: number, lon: number): Promise<ReverseResult | null>;
  search(query: string): Promise<SearchResult[]>;
  /** The area of a point when it is already known (from a reverse lookup or a search result). */
  cachedArea(lat: number, lon: number): Area | undefined;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A bounded cache whose entries live CACHE_TTL_MS on `now`'s clock (the tests' clock, in tests). */
const ttlCache = <T extends {}>(now: () => number) =>
  new LRUCache<string, T>({ max: CACHE_MAX_ENTRIES, ttl: CACHE_TTL_MS, ttlResolution: 0, perf: { now } });

const pointKey = (lat: number, lon: number) => `${lat.toFixed(6)},${lon.toFixed(6)}`;

export function areaOf(address: AddressDetails | undefined): Area {
  const pick = (...values: (string | undefined)[]) => values.find((v) => typeof v === 'string' && v.trim())?.trim();
  return {
    district: pick(address?.suburb, address?.neighbourhood, address?.city_district, address?.quarter) ?? null,
    city: pick(address?.city, address?.town, address?.village, address?.municipality) ?? null,
  };
}

export function createGeocoder(options: GeocoderOptions): Geocoder {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const doFetch = options.fetch ?? fetch;
  const interval = options.minIntervalMs ?? GEOCODER_MIN_INTERVAL_MS;
  const base = options.baseUrl.replace(/\/$/, '');
  // A place the geocoder does not know is kept too (as a null result), so it is not asked again.
  const reverseCache = ttlCache<{ result: ReverseResult | null }>(now);
  const searchCache = ttlCache<SearchResult[]>(now);
  const areaCache = ttlCache<Area>(now);
  const inFlight = new Map<string, Promise<unknown>>();

  const nextSlot = slotQueue(options, now, sleep, interval);

  async function upstream(path: string, params: Record<string, string>): Promise<unknown> {
    // An open circuit answers at once, without waiting for a slot.
    if (options.breaker?.state() === 'open') throw new AppError('common.errors.dependencyUnavailable', 503);
    await nextSlot();
    const url = `${base}/${path}?${new URLSearchParams(params)}`;
    const call = () => fetchJson(doFetch, url, options);
    return options.breaker ? options.breaker.run(call) : call();
  }

  /** One upstream call per key at a time: concurrent askers share it. */
  function shared<T>(key: string, run: () => Promise<T>): Promise<T> {
    const running = inFlight.get(key) as Promise<T> | undefined;
    if (running) return running;
    const promise = run().finally(() => inFlight.delete(key));
    inFlight.set(key, promise);
    return promise;
  }

  return {
    async reverse(lat, lon) {
      const key = pointKey(lat, lon);
      const cached = reverseCache.get(key);
      if (cached) return cached.result;
      return shared(`r:${key}`, async () => {
        const body = (await upstream('reverse', {
          format: 'json',
          lat: lat.toFixed(7),
          lon: lon.toFixed(7),
          addressdetails: '1',
        })) as Partial<ReverseResult> & { error?: unknown };
        const result =
          body && typeof body.display_name === 'string'
            ? { display_name: body.display_name, lat: String(body.lat ?? lat), lon: String(body.lon ?? lon) }
            : null;
        reverseCache.set(key, { result });
        areaCache.set(key, areaOf(result ? body.address : undefined));
        return result;
      });
    },

    async search(query) {
      const key = query.trim().toLowerCase().replace(/\s+/g, ' ');
      const cached = searchCache.get(key);
      if (cached) return cached;
      return shared(`s:${key}`, async () => {
        const body = await upstream('search', {
          format: 'json',
          q: query.trim(),
          limit: String(SEARCH_LIMIT),
          addressdetails: '1',
        });
        const list = Array.isArray(body) ? (body as (SearchResult & { address?: AddressDetails })[]) : [];
        const results: SearchResult[] = [];
        for (const item of list.slice(0, SEARCH_LIMIT)) {
          const lat = Number(item?.lat);
          const lon = Number(item?.lon);
          if (typeof item?.display_name !== 'string' || !Number.isFinite(lat) || !Number.isFinite(lon)) continue;
          results.push({ display_name: item.display_name, lat: String(item.lat), lon: String(item.lon) });
          // A citizen who picks this result files with these coordinates: remember its area.
          if (item.address) areaCache.set(pointKey(lat, lon), areaOf(item.address));
        }
        searchCache.set(key, results);
        return results;
      });
    },

    cachedArea(lat, lon) {
      return areaCache.get(pointKey(lat, lon));
    },
  };
}

/** One upstream call: its answer as JSON, or a 502 when it fails, times out or is not JSON. */
async function fetchJson(
  doFetch: typeof fetch,
  url: string,
  options: Pick<GeocoderOptions, 'userAgent' | 'timeoutMs'>,
): Promise<unknown> {
  let response: Response;
  try {
    response = await doFetch(url, {
      headers: {
        'User-Agent': options.userAgent,
        'Accept-Language': GEOCODER_ACCEPT_LANGUAGE,
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(options.timeoutMs ?? UPSTREAM_TIMEOUT_MS),
    });
  } catch (cause) {
    throw new AppError('common.errors.serviceUnavailable', 502, { cause: String(cause) });
  }
  if (!response.ok) {
    throw new AppError('common.errors.serviceUnavailable', 502, { upstreamStatus: response.status });
  }
  try {
    return await response.json();
  } catch {
    throw new AppError('common.errors.serviceUnavailable', 502);
  }
}

/**
 * Slots for upstream calls, `interval` apart on `options.pace` (by default this geocoder's own,
 * on `now`): each call waits for the next free one, or is refused when too many already wait.
 */
function slotQueue(
  options: GeocoderOptions,
  now: () => number,
  sleep: (ms: number) => Promise<void>,
  interval: number,
): () => Promise<void> {
  // Each upstream call takes the next free one-second slot. The queue is bounded: past
  // GEOCODER_MAX_WAITING callers a new one is refused at once (503) rather than made to
  // wait behind everyone, so one busy client cannot stall every citizen's search.
  const maxWaiting = options.maxWaiting ?? GEOCODER_MAX_WAITING;
  // Callers take their slots one after another, so one instance never holds more than one
  // slot ahead of the others.
  let waiting = 0;
  let queue: Promise<void> = Promise.resolve();
  let lastStart = Number.NEGATIVE_INFINITY;
  const pace =
    options.pace ??
    ((ms: number) => {
      const slot = Math.max(lastStart + ms, now());
      lastStart = slot;
      return slot - now();
    });
  return (): Promise<void> => {
    if (waiting >= maxWaiting) return Promise.reject(new AppError('common.errors.geocoderBusy', 503));
    waiting += 1;
    const slot = queue.then(async () => {
      try {
        let wait: number;
        try {
          wait = await pace(interval);
        } catch (cause) {
          // The shared store does not answer: no call goes out unpaced.
          throw new AppError('common.errors.serviceUnavailable', 503, { cause: String(cause) });
        }
        if (wait > 0) await sleep(wait);
      } finally {
        waiting -= 1;
      }
    });
    queue = slot.catch(() => {});
    return slot;
  };
}

const instances = new WeakMap<Config, Geocoder>();

/** What the app's geocoder is made of: its settings, the shared pace, and where its breaker reports. */
export type GeocoderDeps = Pick<AppDeps, 'config' | 'limits'> & Partial<Pick<AppDeps, 'metrics' | 'log'>>;

/**
 * The app's geocoder, one per configuration (so each test app has its own queue and cache),
 * paced in the app's limit store: every instance together keeps the one call a second.
 */
export function geocoderFor(deps: GeocoderDeps): Geocoder {
  let geocoder = instances.get(deps.config);
  if (!geocoder) {
    geocoder = createGeocoder({
      timeoutMs: deps.config.GEOCODER_TIMEOUT_MS,
      breaker: createBreaker('geocoder', {
        resetMs: deps.config.DEPENDENCY_BREAKER_RESET_MS,
        metrics: deps.metrics,
        log: deps.log,
      }),
      baseUrl: deps.config.GEOCODER_URL,
      userAgent: `Acende/0.1 (street-lighting repair requests; ${deps.config.PUBLIC_URL})`,
      pace: (ms) => deps.limits.reserve('geocoder', ms + GEOCODER_PACE_MARGIN_MS),
    });
    instances.set(deps.config, geocoder);
  }
  return geocoder;
}

/** Replaces the app's geocoder; tests use it to change timing. */
export function setGeocoderFor(config: Config, geocoder: Geocoder | undefined): void {
  if (geocoder) instances.set(config, geocoder);
  else instances.delete(config);
}
