// PostgreSQL's search upkeep (migration 0052, decision 0060): a filing queues its number and
// the upkeep folds and indexes the queued requests in bulk, after the commit, off the request
// path. Every instance runs it every half second (its timer: core/search-upkeep.ts); a search
// runs it first, so what was filed before a search is found by it. Rounds of two instances (or
// of a search and the timer) take different queued rows (`for update skip locked`); a row
// leaves the queue in the same statement that writes its search row, so a crash loses nothing.
// SQLite's FTS5 tables are kept by triggers in the filing's own transaction: nothing to do there.
import { sql } from 'kysely';
import { type Db, dialectOf } from './database.ts';

/** Requests one round folds and indexes at most. */
export const SEARCH_UPKEEP_BATCH = 5000;

/** Folds and indexes up to `limit` queued requests; answers how many it took off the queue. */
export async function indexQueued(db: Db, limit = SEARCH_UPKEEP_BATCH): Promise<number> {
  if (dialectOf(db) !== 'postgres') return 0;
  // A request deleted since it was queued has no row to join: it only leaves the queue. Each
  // taken number is looked up by its key (the lateral subquery): a join let the planner walk
  // the primary key from the first request to the last queued one, all the rows at a million.
  const { rows } = await sql<{ taken: string }>`with taken as (
      delete from request_search_queue where request_id in (
        select request_id from request_search_queue order by request_id limit ${limit} for update skip locked)
      returning request_id),
    indexed as (
      insert into request_search (request_id, search_name, search_contact, phone_digits)
      select r.id, acende_fold(coalesce(r.name, '')), acende_search_contact(r.phone, r.address),
        coalesce(acende_digits(r.phone), '')
      from taken t cross join lateral (select * from repair_requests r where r.id = t.request_id offset 0) r
      on conflict (request_id) do update set search_name = excluded.search_name,
        search_contact = excluded.search_contact, phone_digits = excluded.phone_digits
      returning 1)
    select count(*) as taken from taken`.execute(db);
  return Number(rows[0]?.taken ?? 0);
}

/** Everything queued before the call, ahead of a search (at most `maxRounds` rounds). */
export async function indexAllQueued(db: Db, maxRounds = 20): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  for (let round = 0; round < maxRounds; round++) {
    if ((await indexQueued(db)) < SEARCH_UPKEEP_BATCH) return;
  }
}
