// Browser push (issue 36, decision 0063): the browsers a citizen asked to be told on about one
// request. A subscription is the push service's endpoint and the browser's keys (RFC 8291's
// p256dh and auth), with the language its notices are written in; one row per request and
// endpoint, so subscribing the same browser again changes nothing. Deleted with its request.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('request_id', 'integer', (c) => c.notNull().references('repair_requests.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('push_subscriptions_request_endpoint_uq', ['request_id', 'endpoint'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('push_subscriptions').execute();
}
