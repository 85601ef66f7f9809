// Notices by SMS (issue 36, decision 0061). A request keeps the number its filer asked SMS
// notices at (`sms_to`, E.164; null: not asked). `channel_outbox` holds the messages of the
// channels beside e-mail, written in the transaction of the change that causes them and
// claimed by a lease as e-mail's outbox is. `channel_stops` holds the numbers that replied
// SAIR/STOP: nothing more goes to them on that channel.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema.alterTable('repair_requests').addColumn('sms_to', 'text').execute();
  await db.schema
    .createTable('channel_outbox')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('request_id', 'integer')
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('provider', 'text')
    .addColumn('provider_message_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  // The worker's claim: due pending rows, oldest first.
  await sql`create index channel_outbox_due_idx on channel_outbox (next_attempt_at, id) where status = 'pending'`.execute(
    db,
  );
  await db.schema.createIndex('channel_outbox_request_idx').on('channel_outbox').column('request_id').execute();
  // The daily cap: what one number was sent since a moment.
  await db.schema
    .createIndex('channel_outbox_sent_to_idx')
    .on('channel_outbox')
    .columns(['channel', 'to_address', 'sent_at'])
    .execute();
  await db.schema
    .createTable('channel_stops')
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('stopped_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_stops_pk', ['channel', 'address'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('channel_stops').execute();
  await db.schema.dropTable('channel_outbox').execute();
  await db.schema.alterTable('repair_requests').dropColumn('sms_to').execute();
}
