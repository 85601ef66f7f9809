// Figures computed at most once per max age, whichever instance asks (decision 0037). The
// cache is a table row per key (0041), so every instance serves the same figures; a stale row
// is recomputed by the one caller that takes its lease (a conditional UPDATE), while the others
// wait for the new row. Each instance keeps the last row it read and serves it while fresh.
// A read in the last REFRESH_AHEAD_MS of a row's life recomputes it in the background (under
// the same lease), so readers keep the fresh row instead of waiting for a cold computation.

import type { Db } from '../../db/database.ts';
import type { Clock } from '../../lib/clock.ts';

/** How long a caller may hold the right to recompute before another may take it over. */
export const LEASE_MS = 30_000;
const POLL_MS = 25;
/** How long before a row expires a read starts its recomputation in the background. */
export const REFRESH_AHEAD_MS = 60_000;

export interface Cached<T> {
  value: T;
  computedAt: string;
}

export interface FigureCache<T> {
  /** The value of `key` computed at most `maxAgeMs` ago, computing it with `compute(now)` if needed. */
  get(key: string, compute: (now: Date) => Promise<T>): Promise<Cached<T>>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function figureCache<T>(db: Db, clock: Clock, maxAgeMs: number): FigureCache<T> {
  const memory = new Map<string, Cached<T>>();
  const running = new Map<string, Promise<Cached<T>>>();
  const refreshing = new Set<string>();
  const ahead = Math.min(REFRESH_AHEAD_MS, maxAgeMs / 2);
  const youngerThan = (entry: { computedAt: string | null } | undefined, now: Date, ms: number): boolean =>
    !!entry?.computedAt && now.getTime() - Date.parse(entry.computedAt) < ms;
  const fresh = (entry: { computedAt: string | null } | undefined, now: Date) => youngerThan(entry, now, maxAgeMs);

  async function readRow(key: string): Promise<Cached<T> | undefined> {
    const row = await db
      .selectFrom('transparencyCache')
      .select(['body', 'computedAt'])
      .where('key', '=', key)
      .executeTakeFirst();
    if (!row?.body || !row.computedAt) return undefined;
    const entry = { value: JSON.parse(row.body) as T, computedAt: row.computedAt };
    memory.set(key, entry);
    return entry;
  }

  /** Takes the lease of a row older than `staleAfterMs` or missing; true when this caller is to compute. */
  async function claim(key: string, now: Date, staleAfterMs = maxAgeMs): Promise<boolean> {
    await db
      .insertInto('transparencyCache')
      .values({ key, body: null, computedAt: null, leaseUntil: null })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
    const staleBefore = new Date(now.getTime() - staleAfterMs).toISOString();
    const result = await db
      .updateTable('transparencyCache')
      .set({ leaseUntil: new Date(now.getTime() + LEASE_MS).toISOString() })
      .where('key', '=', key)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now.toISOString())]))
      .where((eb) => eb.or([eb('computedAt', 'is', null), eb('computedAt', '<=', staleBefore)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Computes `key` as of `now` under the lease this caller holds, and stores it. */
  async function store(key: string, now: Date, compute: (now: Date) => Promise<T>): Promise<Cached<T>> {
    try {
      const value = await compute(now);
      const computedAt = now.toISOString();
      await db
        .updateTable('transparencyCache')
        .set({ body: JSON.stringify(value), computedAt, leaseUntil: null })
        .where('key', '=', key)
        .execute();
      const entry = { value, computedAt };
      memory.set(key, entry);
      return entry;
    } catch (error) {
      // Let the next caller try at once rather than after the lease.
      await db.updateTable('transparencyCache').set({ leaseUntil: null }).where('key', '=', key).execute();
      throw error;
    }
  }

  /**
   * Recomputes a row about to expire, in the background: one caller of all instances takes the
   * lease (the others find it taken, or the row renewed, and do nothing). A failure leaves the
   * row to expire and be recomputed by a reader, as without refreshing ahead.
   */
  function refreshAhead(key: string, compute: (now: Date) => Promise<T>): void {
    if (refreshing.has(key) || running.has(key)) return;
    refreshing.add(key);
    const now = clock.now();
    // Another instance may have renewed the row already; then this one only adopts it.
    readRow(key)
      .then(async (row) => {
        if (youngerThan(row, now, maxAgeMs - ahead)) return;
        if (await claim(key, now, maxAgeMs - ahead)) await store(key, now, compute);
      })
      .catch(() => undefined)
      .finally(() => refreshing.delete(key));
  }

  async function load(key: string, compute: (now: Date) => Promise<T>): Promise<Cached<T>> {
    const waitUntil = Date.now() + LEASE_MS;
    for (;;) {
      const now = clock.now();
      const row = await readRow(key);
      if (row && fresh(row, now)) return row;
      if (await claim(key, now)) return store(key, now, compute);
      // Another caller (this instance or another) is computing: wait for its row. Past the
      // lease its holder is presumed gone, and the claim above succeeds for one of us.
      if (Date.now() > waitUntil) throw new Error(`figures "${key}" were not computed within ${LEASE_MS} ms`);
      await sleep(POLL_MS);
    }
  }

  return {
    get(key, compute) {
      const known = memory.get(key);
      const now = clock.now();
      if (known && fresh(known, now)) {
        if (!youngerThan(known, now, maxAgeMs - ahead)) refreshAhead(key, compute);
        return Promise.resolve(known);
      }
      // One load per key and instance at a time; the table's lease orders the instances.
      let promise = running.get(key);
      if (!promise) {
        promise = load(key, compute).finally(() => running.delete(key));
        running.set(key, promise);
      }
      return promise;
    },
  };
}
