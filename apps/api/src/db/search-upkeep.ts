// PostgreSQL's search upkeep (migration 0052, decision 0060): a filing queues its number and
// the upkeep folds and indexes the queued requests in bulk, after the commit, off the request
// path. Every instance runs it every half second (its timer: core/search-upkeep.ts); a search
// runs it first, so what was filed before a search is found by it. Rounds of two instances (or
// of a search and the timer) take different queued rows (`for update skip locked`); a row
// leaves the queue in the same statement that writes its search row, so a crash loses nothing.
// SQLite (migration 0063, decision 0075): the requests above `search_upkeep.indexed_through` are
// the queue; a round indexes the next of them into the FTS5 tables and moves the mark on in one
// transaction, so a crash loses nothing there either.
import { sql } from 'kysely';
import { type Db, dialectOf } from './database.ts';
import { SQLITE_DIGITS } from './migrations/0006-search-and-counters.ts';

/** Requests one round folds and indexes at most. */
const SEARCH_UPKEEP_BATCH = 5000;

/** Folds and indexes up to `limit` queued requests; answers how many it took off the queue. */
export async function indexQueued(db: Db, limit = SEARCH_UPKEEP_BATCH): Promise<number> {
  if (dialectOf(db) === 'sqlite') return indexAboveMark(db, limit);
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

/**
 * SQLite: indexes the requests numbered above the mark, up to `limit` numbers on, and moves the
 * mark; answers how many numbers it moved (deleted requests among them). `begin immediate`
 * takes the write lock before the mark is read: another process writing the file (a seed)
 * waits its turn instead of failing on a stale read. Kysely's one connection keeps the hot
 * path's grouped writes and the other transactions apart.
 */
async function indexAboveMark(db: Db, limit: number): Promise<number> {
  const mark = async (conn: Db) => {
    const { rows } = await sql<{ from: number; upTo: number }>`select indexed_through as "from",
      min(indexed_through + ${limit}, (select coalesce(max(id), 0) from repair_requests)) as "upTo"
      from search_upkeep`.execute(conn);
    const row = rows[0];
    return row ? { from: Number(row.from), upTo: Number(row.upTo) } : { from: 0, upTo: 0 };
  };
  // Nothing above the mark (the timer's rounds when nobody files): no transaction.
  const seen = await mark(db);
  if (seen.upTo <= seen.from) return 0;
  return db.connection().execute(async (conn) => {
    await sql`begin immediate`.execute(conn);
    try {
      const { from, upTo } = await mark(conn);
      if (upTo > from) {
        await sql`insert into repair_requests_search_name (rowid, name)
          select id, coalesce(name, '') from repair_requests where id > ${from} and id <= ${upTo}`.execute(conn);
        await sql`insert into repair_requests_search_contact (rowid, phone, phone_digits, address)
          select id, phone, ${sql.raw(SQLITE_DIGITS('phone'))}, address from repair_requests
          where id > ${from} and id <= ${upTo}`.execute(conn);
        await sql`update search_upkeep set indexed_through = ${upTo}`.execute(conn);
      }
      await sql`commit`.execute(conn);
      return Math.max(0, upTo - from);
    } catch (error) {
      await sql`rollback`.execute(conn).catch(() => {});
      throw error;
    }
  });
}

/**
 * How many requests a round takes, and how many rounds at most: the timer's (every 500 ms,
 * main.ts) and a search's, first. SQLite's rounds run on the event loop, on the only writer,
 * at about 10 µs a request, and the filings behind one wait for it: 250 on the timer keep that
 * near 3 ms (a round costs the same per request from 200 to 5,000); 1,000 a round before a
 * search, up to a million requests (the backlog of a long stop of the timer).
 */
const ROUNDS = {
  postgres: { timer: SEARCH_UPKEEP_BATCH, search: SEARCH_UPKEEP_BATCH, searchRounds: 20 },
  sqlite: { timer: 250, search: 1000, searchRounds: 1000 },
} as const;

/**
 * Rounds of `batch` until one takes fewer, at most `rounds` of them, or until `shouldStop`;
 * the event loop is given back between rounds, so the filings waiting on it go first.
 */
async function inRounds(db: Db, batch: number, rounds: number, shouldStop: () => boolean): Promise<void> {
  for (let round = 0; round < rounds && !shouldStop(); round++) {
    if ((await indexQueued(db, batch)) < batch) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The timer's turn: this instance's share of the queue, until it is empty or `shouldStop`. */
export function indexOnTimer(db: Db, shouldStop: () => boolean = () => false): Promise<void> {
  return inRounds(db, ROUNDS[dialectOf(db)].timer, Number.POSITIVE_INFINITY, shouldStop);
}

/** Everything queued before the call, ahead of a search. */
export function indexAllQueued(db: Db): Promise<void> {
  const { search, searchRounds } = ROUNDS[dialectOf(db)];
  return inRounds(db, search, searchRounds, () => false);
}
