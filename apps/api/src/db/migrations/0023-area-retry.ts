// A request filed while the geocoder was down or busy got no area and kept none (issue 20).
// Such a request is now marked at filing (area_retry_at: when it may next be looked up) and
// a worker in each instance fills its area in later (features/geocoding/area-retry.ts),
// claiming one row at a time through this column, with area_attempts bounding the tries.
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').addColumn('area_retry_at', 'text').execute();
  await db.schema
    .alterTable('repair_requests')
    .addColumn('area_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Only the few rows waiting for their area are in it: filing a located request adds nothing.
  await sql`create index repair_requests_area_retry_idx on repair_requests (area_retry_at)
    where area_retry_at is not null`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_area_retry_idx`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('area_attempts').execute();
  await db.schema.alterTable('repair_requests').dropColumn('area_retry_at').execute();
}
