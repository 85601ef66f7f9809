// Status in (issue 38, decision 0066): keys an admin issues to one company's own system, and
// the changes made with them, kept by Idempotency-Key. Only a key's SHA-256 is kept (unique,
// looked up by it). A change's row is written in the change's transaction; the unique
// (key_id, idempotency_key_hash) makes a second change with the same key impossible, on
// every instance, and keeps the first answer to replay.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  await db.schema
    .createTable('integration_keys')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('created_by_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createTable('integration_changes')
    .addColumn('id', 'integer', (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('key_id', 'integer', (c) => c.notNull().references('integration_keys.id').onDelete('cascade'))
    .addColumn('idempotency_key_hash', 'text', (c) => c.notNull())
    /** SHA-256 of the request's id and the body as parsed: the same key with another body is refused. */
    .addColumn('body_hash', 'text', (c) => c.notNull())
    .addColumn('request_id', 'integer', (c) => c.notNull().references('repair_requests.id').onDelete('cascade'))
    .addColumn('status_code', 'integer', (c) => c.notNull())
    /** The first answer's JSON, replayed as it was. */
    .addColumn('answer', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('integration_changes_key_unique', ['key_id', 'idempotency_key_hash'])
    .execute();
  await db.schema
    .createIndex('integration_changes_request_idx')
    .on('integration_changes')
    .column('request_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('integration_changes').execute();
  await db.schema.dropTable('integration_keys').execute();
}
