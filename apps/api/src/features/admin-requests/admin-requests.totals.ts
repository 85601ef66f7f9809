// The total of a filtered request list: from the counters when they answer it, else
// counted (and a large count kept a few seconds), or estimated past a search's window.

import { LRUCache } from 'lru-cache';
import { applyScope, type Scope } from '../../core/requests/scope.ts';
import { type Db, dialectOf } from '../../db/database.ts';
import { indexAllQueued } from '../../db/search-upkeep.ts';
import { applyFilters, type ListFilters, lowerBound, upperBound } from './admin-requests.filters.ts';
import { sumCounters } from './request-counters.repository.ts';

/** Filters the counters answer exactly (company and status only). */
function countersAnswer(filters: ListFilters): boolean {
  return (
    !filters.overdueBefore &&
    !filters.q &&
    !filters.problemType &&
    !filters.assignedToId &&
    !filters.pole &&
    !filters.from &&
    !filters.to
  );
}

// Totals of other filters are counted, and a large one is kept for a few seconds so that
// turning pages does not count again; a small one is cheap and always exact.
const TOTAL_CACHE_MS = 10_000;
const TOTAL_CACHE_FROM = 5_000;
const TOTAL_CACHE_ENTRIES = 500;
const totalCaches = new WeakMap<Db, LRUCache<string, number>>();

export async function countFiltered(db: Db, scope: Scope, filters: ListFilters): Promise<number> {
  if (countersAnswer(filters)) return sumCounters(db, scope, filters);
  let cache = totalCaches.get(db);
  if (!cache) {
    cache = new LRUCache<string, number>({ max: TOTAL_CACHE_ENTRIES, ttl: TOTAL_CACHE_MS });
    totalCaches.set(db, cache);
  }
  const key = JSON.stringify([scope, filters]);
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  // What was filed before is in the search indexes first (decisions 0060 and 0075).
  if (filters.q) await indexAllQueued(db);
  const row = await applyFilters(applyScope(db.selectFrom('repairRequests'), scope), filters, dialectOf(db))
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(row.total);
  if (total >= TOTAL_CACHE_FROM) cache.set(key, total);
  return total;
}

/**
 * The ids the filtered list spans: the first request at or after `from` and the last at or
 * before `to` (the created_at index), else the ends of the primary key. Single index
 * lookups, read only to extrapolate an estimate.
 */
export async function idSpan(db: Db, filters: ListFilters): Promise<{ low: number; high: number } | undefined> {
  const upper = filters.to ? upperBound(filters.to) : undefined;
  const from = filters.from;
  const row = await db
    .selectNoFrom((eb) => [
      (from
        ? eb
            .selectFrom('repairRequests')
            .select('id')
            .where('createdAt', '>=', lowerBound(from))
            .orderBy('createdAt')
            .orderBy('id')
            .limit(1)
        : eb.selectFrom('repairRequests').select((e) => e.fn.min('id').as('id'))
      ).as('low'),
      (upper
        ? eb
            .selectFrom('repairRequests')
            .select('id')
            .where('createdAt', upper.op, upper.value)
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .limit(1)
        : eb.selectFrom('repairRequests').select((e) => e.fn.max('id').as('id'))
      ).as('high'),
    ])
    .executeTakeFirstOrThrow();
  if (row.low === null || row.high === null) return undefined;
  return { low: Number(row.low), high: Number(row.high) };
}

/**
 * An estimate as people say it: two significant digits (32,000; 1,600; 87), and never
 * below `atLeast` (matches already seen), rounding up when it would be.
 */
export function roughly(n: number, atLeast = 0): number {
  const value = Math.max(n, atLeast);
  if (value < 100) return Math.round(value);
  const unit = 10 ** (Math.floor(Math.log10(value)) - 1);
  const rounded = Math.round(value / unit) * unit;
  return rounded >= atLeast ? rounded : Math.ceil(atLeast / unit) * unit;
}
