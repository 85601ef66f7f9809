// The operators' list sorts by last update (issue 20): an index on (updated_at, id) lets both
// engines read a page of that order from the index, either way, instead of sorting every row.
// The other sorts already have theirs: created_at (created_at, id), status (status,
// created_at), number (the primary key).
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('repair_requests_updated_idx')
    .on('repair_requests')
    .columns(['updated_at', 'id'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('repair_requests_updated_idx').execute();
}
