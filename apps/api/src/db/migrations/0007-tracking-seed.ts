// The per-request seed from which the tracking token is derived under APP_SECRET, so
// later e-mails (status updates) can carry the tracking link with its token while the
// database itself keeps only the token's hash and a seed that is useless without the key.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').addColumn('tracking_seed', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').dropColumn('tracking_seed').execute();
}
