// The daily cap of the phone channels as a count taken before each send (issue 36, decision
// 0062): one row per channel, number and local day, raised by one only while under the cap, in
// one statement. Two instances sending to one number at once cannot both take its last slot,
// as counting what was sent, then sending, allowed.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('channel_daily_counts')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('sent', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_daily_counts_pk', ['channel', 'address', 'day'])
    .execute();
  await db.schema.createIndex('channel_daily_counts_day_idx').on('channel_daily_counts').column('day').execute();
  // The cap no longer counts the outbox's sent rows.
  await db.schema.dropIndex('channel_outbox_sent_to_idx').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('channel_outbox_sent_to_idx')
    .on('channel_outbox')
    .columns(['channel', 'to_address', 'sent_at'])
    .execute();
  await db.schema.dropTable('channel_daily_counts').execute();
}
