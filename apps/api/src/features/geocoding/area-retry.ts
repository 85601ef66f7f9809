// Fills in the area (neighbourhood, city) of requests filed while the geocoder could not
// name it (down, rate-limited, busy). Filing marks such a request (area_retry_at: its first
// retry, after the filing instance's own lookup has had its time); this worker, one per
// instance, claims due rows one at a time (area-retry.repository.ts), asks the geocoder
// through its shared one-call-a-second pace, and retries a failure with backoff, at most
// AREA_MAX_ATTEMPTS times. Decision 0021.
import type { AppDeps } from '../../app-deps.ts';
import { startPeriodicWorker } from '../../core/periodic-worker.ts';
import { claimAreaLookup, postponeArea, storeArea } from './area-retry.repository.ts';
import { lookUpArea, resolveArea } from './geocoding.area.ts';
import type { Area } from './geocoding.service.ts';

/**
 * The first retry, after filing: longer than the filing instance's own lookup may take
 * (fillAreaLater, AREA_FILING_LOOKUP_MS), so no worker asks for the row while it still does.
 */
export const AREA_FIRST_RETRY_MS = 90_000;
export const AREA_FILING_LOOKUP_MS = 60_000;
/** A claimed row comes back to every instance after this (its instance stopped mid-lookup). */
export const AREA_CLAIM_LEASE_MS = 2 * 60_000;
export const AREA_RETRY_BASE_MS = 60_000;
export const AREA_RETRY_MAX_MS = 2 * 60 * 60_000;
/** Tries by the worker before the area is left unknown (about ten hours of backoff). */
export const AREA_MAX_ATTEMPTS = 12;
/** Rows per round at most: about a minute of the geocoder's pace. */
const ROUND_LIMIT = 60;

/** When to try again after `attempts` failed tries, or null to give up. */
export function nextAreaAttempt(attempts: number, now: Date): Date | null {
  if (attempts >= AREA_MAX_ATTEMPTS) return null;
  const delay = Math.min(AREA_RETRY_MAX_MS, AREA_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return new Date(now.getTime() + delay);
}

/** Where a request filed at `filedAt` without an area waits for its first retry. */
export const firstAreaRetryAt = (filedAt: Date) => new Date(filedAt.getTime() + AREA_FIRST_RETRY_MS).toISOString();

/**
 * The filing instance's own lookup, right after the answer (filing never waits for the
 * geocoder). An answer fills the area in and clears the mark; no answer leaves the mark
 * for the worker. Never throws.
 */
export async function fillAreaLater(deps: AppDeps, requestId: number, lat: number, lon: number): Promise<void> {
  try {
    const area = await resolveArea(deps, lat, lon, AREA_FILING_LOOKUP_MS);
    if (area) await storeArea(deps.db, requestId, area);
  } catch {
    // The database may be closing (shutdown) or the row gone: the worker tries later.
  }
}

export interface AreaRoundResult {
  filled: number;
  failed: number;
}

/**
 * One round: looks up due rows one after another until none is due, the geocoder fails (the
 * others wait for the next round rather than each meeting the failure), or `shouldStop`.
 */
export async function processAreaRetriesOnce(
  deps: AppDeps,
  shouldStop: () => boolean = () => false,
): Promise<AreaRoundResult> {
  const result: AreaRoundResult = { filled: 0, failed: 0 };
  while (result.filled < ROUND_LIMIT && !shouldStop()) {
    const now = deps.clock.now();
    const lease = new Date(now.getTime() + AREA_CLAIM_LEASE_MS).toISOString();
    const row = await claimAreaLookup(deps.db, now.toISOString(), lease);
    if (!row) break;
    let area: Area;
    try {
      area = await lookUpArea(deps, Number(row.latitude), Number(row.longitude));
    } catch {
      const next = nextAreaAttempt(row.areaAttempts, deps.clock.now());
      await postponeArea(deps.db, row.id, lease, next?.toISOString() ?? null);
      result.failed += 1;
      break;
    }
    // Outside the try: a database error is not the geocoder's, and costs no backoff. It ends
    // the round (the worker logs it); the row comes back when its lease runs out.
    await storeArea(deps.db, row.id, area);
    result.filled += 1;
  }
  return result;
}

export interface AreaRetryWorker {
  /** Stops polling and waits for the row in hand (at most 5 s: an unfinished row's claim runs out and it is tried later). */
  stop(): Promise<void>;
}

/** Runs a round every `intervalMs` until stopped. */
export function startAreaRetryWorker(
  deps: AppDeps,
  options: {
    intervalMs: number;
    onError?: (error: unknown) => void;
    /** After each round that did something. */
    onRound?: (result: AreaRoundResult) => void;
  },
): AreaRetryWorker {
  return startPeriodicWorker({
    intervalMs: options.intervalMs,
    onError: options.onError,
    round: async (shouldStop) => {
      const result = await processAreaRetriesOnce(deps, shouldStop);
      if (result.filled || result.failed) options.onRound?.(result);
    },
  });
}
