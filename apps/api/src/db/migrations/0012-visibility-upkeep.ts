// Keeps the newest requests' pages marked all-visible (PostgreSQL), so paging the list by
// offset skips entries of the created_at index without visiting the table (issue 10).
// By default an insert-only stretch triggers a vacuum only after 20% of the table
// (200,000 requests at a million): until then each of the newest rows skipped on the way
// to page 500 costs a heap visit (7 ms instead of 1 ms for 10,000 rows). A vacuum per
// 1,000 new requests reads only the pages written since the last one.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table repair_requests set (autovacuum_vacuum_insert_threshold = 1000, autovacuum_vacuum_insert_scale_factor = 0)`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`alter table repair_requests reset (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor)`.execute(
    db,
  );
}
