// The audit log (issue 24): one row per change made in the admin area, written in the
// same transaction as the change. Append-only for the app: nothing updates a row, and
// only the retention sweep deletes rows older than the audit retention.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) =>
      dialectOf(db) === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    // The account that acted (null for a stranger: a failed sign-in of an unknown name).
    .addColumn('actor_id', 'integer')
    // The name as typed or as it was then: kept when the account is renamed.
    .addColumn('actor_username', 'text')
    .addColumn('ip', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('object_type', 'text')
    .addColumn('object_id', 'text')
    // JSON text of the object's fields before and after (secrets never written).
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .execute();
  await sql`create index audit_log_created_idx on audit_log (created_at, id)`.execute(db);
  await sql`create index audit_log_actor_idx on audit_log (actor_id, created_at, id)`.execute(db);
  await sql`create index audit_log_kind_idx on audit_log (kind, created_at, id)`.execute(db);
  await sql`create index audit_log_object_idx on audit_log (object_type, object_id, created_at, id)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
}
