// Nothing stored rebuilds a tracking token (issue "Trust under attack", item 8): the seed
// of 0007 goes, and Idempotency-Keys are kept only as their hex SHA-256, looked up by it.
// A token filed with a key came from the raw key and the body under APP_SECRET, as it
// still does (lib/tokens.ts), so retries of those requests keep their token; the database
// and the secret file side by side no longer give it away.
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await sql`alter table repair_requests rename column idempotency_key to idempotency_key_hash`.execute(db);
  if (dialectOf(db) === 'postgres') {
    // The counters' statement trigger would subtract and add back every row (status and
    // company do not change): off for this one update.
    await sql`alter table repair_requests disable trigger repair_requests_count_update`.execute(db);
    await sql`update repair_requests
      set idempotency_key_hash = encode(sha256(convert_to(idempotency_key_hash, 'UTF8')), 'hex')
      where idempotency_key_hash is not null`.execute(db);
    await sql`alter table repair_requests enable trigger repair_requests_count_update`.execute(db);
  } else {
    // One transaction (one commit for all the batches), and a page cache large enough for
    // the key's unique index, which every hashed key moves to a random place (a bare
    // million-key update took 22 s instead of 60 s with the 2 MB default; this pass only).
    const cache = (await sql<{ cache_size: number }>`pragma cache_size`.execute(db)).rows[0]?.cache_size ?? -2000;
    await sql`pragma cache_size = -262144`.execute(db);
    await sql`begin`.execute(db);
    try {
      await hashSqliteKeys(db);
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    } finally {
      await sql.raw(`pragma cache_size = ${Number(cache)}`).execute(db);
    }
  }
  await sql`alter table repair_requests drop column tracking_seed`.execute(db);
}

/**
 * SQLite has no SHA-256 in SQL (and the migration's connection is not the driver object a
 * function could be added to): the keys are read in id order and written back hashed, 2,000
 * rows per statement.
 */
async function hashSqliteKeys(db: AnyDb): Promise<void> {
  let after = 0;
  for (;;) {
    const rows = (
      await sql<{ id: number; key: string }>`select id, idempotency_key_hash as key from repair_requests
        where id > ${after} and idempotency_key_hash is not null order by id limit 2000`.execute(db)
    ).rows;
    if (rows.length === 0) return;
    const hashed = sql.join(rows.map((r) => sql`(${r.id}, ${createHash('sha256').update(r.key).digest('hex')})`));
    await sql`update repair_requests set idempotency_key_hash = v.column2
      from (values ${hashed}) as v where repair_requests.id = v.column1`.execute(db);
    after = rows[rows.length - 1]?.id as number;
  }
}

/**
 * The columns as they were. The seed comes back empty (status e-mails then carry no token,
 * as for requests older than 0007) and the keys stay hashed: a hash cannot be undone, so a
 * retry of a key stored before the downgrade is no longer recognised.
 */
export async function down(db: AnyDb): Promise<void> {
  await sql`alter table repair_requests add column tracking_seed text`.execute(db);
  await sql`alter table repair_requests rename column idempotency_key_hash to idempotency_key`.execute(db);
}
