// Issues 22 and 23 (decision 0034): citizens who follow a request instead of filing a
// duplicate, the filer's opt-out of status e-mails, the link of a duplicate to its original,
// and the index the "already reported nearby" read and the duplicate suggestions use.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('request_followers')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('request_id', 'integer', (c) => c.notNull().references('repair_requests.id'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('pt'))
    // SHA-256 of the unsubscribe token (itself an HMAC under APP_SECRET): a copy of the database cannot unsubscribe anyone.
    .addColumn('unsubscribe_token_hash', 'text', (c) => c.notNull().unique())
    // The duplicate through which this follower came (its filer), so undoing the duplicate removes them.
    .addColumn('via_request_id', 'integer', (c) => c.references('repair_requests.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('request_followers_request_email_key', ['request_id', 'email'])
    .execute();
  await sql`create index request_followers_via_idx on request_followers (via_request_id) where via_request_id is not null`.execute(
    db,
  );
  // The filer asked for no more status e-mails about this request (the unsubscribe link).
  await db.schema.alterTable('repair_requests').addColumn('status_emails_off_at', 'text').execute();
  // A duplicate (closed as cancelled, decision 0002 §18) names the request it duplicates.
  await db.schema
    .alterTable('repair_requests')
    .addColumn('duplicate_of_id', 'integer', (c) => c.references('repair_requests.id'))
    .execute();
  await sql`create index repair_requests_duplicate_of_idx on repair_requests (duplicate_of_id) where duplicate_of_id is not null`.execute(
    db,
  );
  // Open requests by position: the coordinates are stored as text, so the index is on their
  // numeric value, and only on the open ones (the nearby read's and the suggestions' only rows).
  const real = pg ? 'double precision' : 'real';
  await sql`create index repair_requests_open_position_idx on repair_requests
    (cast(latitude as ${sql.raw(real)}), cast(longitude as ${sql.raw(real)}))
    where status in ('open', 'in_progress')`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists repair_requests_open_position_idx`.execute(db);
  await sql`drop index if exists repair_requests_duplicate_of_idx`.execute(db);
  await db.schema.alterTable('repair_requests').dropColumn('duplicate_of_id').execute();
  await db.schema.alterTable('repair_requests').dropColumn('status_emails_off_at').execute();
  await db.schema.dropTable('request_followers').execute();
}
