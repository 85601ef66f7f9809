// Notices by WhatsApp (issue 36, decision 0062). A request keeps the number its filer asked
// WhatsApp notices at (`whatsapp_to`, E.164; null: not asked). The messages themselves go
// through `channel_outbox` (0053) under the channel 'whatsapp', and the numbers that replied
// SAIR/STOP there into `channel_stops`.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').addColumn('whatsapp_to', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('repair_requests').dropColumn('whatsapp_to').execute();
}
