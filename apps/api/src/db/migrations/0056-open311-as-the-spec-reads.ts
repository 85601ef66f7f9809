// Open311 as the spec reads, and FixMyStreet's updates (issue 38, decision 0064). `media_url`:
// the photo or file a GeoReport client names on POST, kept as a link (never fetched), null for
// the wizard's filings and cleared by anonymisation. The tracking token's hash is indexed so
// `GET tokens/{token}` is one seek, not a scan of every request. The status changes are
// indexed by time for `servicerequestupdates`, leaving out the `created` event every filing
// writes, so a filing pays for neither index but the token's.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').addColumn('media_url', 'text').execute();
  await db.schema
    .createIndex('repair_requests_tracking_token_hash_idx')
    .on('repair_requests')
    .column('tracking_token_hash')
    .execute();
  await sql`create index request_events_updates_idx on request_events (created_at, id) where kind <> 'created'`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('request_events_updates_idx').execute();
  await db.schema.dropIndex('repair_requests_tracking_token_hash_idx').execute();
  await db.schema.alterTable('repair_requests').dropColumn('media_url').execute();
}
