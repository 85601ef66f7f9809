// Every table the product needs, with the foreign keys and the indexes the list
// screens use. Timestamps are ISO-8601 UTC text so that both engines sort them alike.
import type { Kysely } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const id = (t: string) =>
    db.schema
      .createTable(t)
      .addColumn('id', 'integer', (c) =>
        pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
      );

  await id('energy_companies')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('color_class', 'text', (c) => c.notNull().defaultTo('blue'))
    .addColumn('icon_class', 'text', (c) => c.notNull().defaultTo('bolt'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id('admins')
    .addColumn('username', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('admin'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('pt'))
    .addColumn('reset_token_hash', 'text')
    .addColumn('reset_token_expiry', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await id('repair_requests')
    .addColumn('name', 'text')
    .addColumn('email', 'text')
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('reference', 'text')
    .addColumn('problem_type', 'text', (c) => c.notNull())
    .addColumn('latitude', 'text', (c) => c.notNull())
    .addColumn('longitude', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('notes', 'text')
    .addColumn('assigned_to', 'text')
    .addColumn('assigned_to_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('pt'))
    .addColumn('tracking_token_hash', 'text', (c) => c.notNull())
    .addColumn('district', 'text')
    .addColumn('city', 'text')
    .addColumn('pole_number', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('idempotency_hash', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  const rr = (name: string, columns: string[]) =>
    db.schema.createIndex(name).on('repair_requests').columns(columns).execute();
  await rr('repair_requests_created_idx', ['created_at', 'id']);
  await rr('repair_requests_status_created_idx', ['status', 'created_at']);
  await rr('repair_requests_company_created_idx', ['company_id', 'created_at']);
  await rr('repair_requests_assignee_created_idx', ['assigned_to_id', 'created_at']);
  await rr('repair_requests_phone_idx', ['phone']);
  await rr('repair_requests_area_idx', ['city', 'district']);

  await id('request_events')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('repair_requests.id').onDelete('cascade'))
    .addColumn('actor_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('actor_name', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('assigned_to_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('assigned_to', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('request_events_request_idx')
    .on('request_events')
    .columns(['request_id', 'id'])
    .execute();

  await db.schema
    .createTable('admin_companies')
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('energy_companies.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_companies_pk', ['admin_id', 'company_id'])
    .execute();
  await db.schema.createIndex('admin_companies_company_idx').on('admin_companies').column('company_id').execute();

  await id('site_settings')
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('sessions_admin_idx').on('sessions').column('admin_id').execute();

  await id('email_outbox')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('message_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('claimed_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('request_id', 'integer', (c) => c.references('repair_requests.id').onDelete('set null'))
    .addColumn('admin_id', 'integer', (c) => c.references('admins.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('email_outbox_due_idx')
    .on('email_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();

  await id('login_failures')
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_failures_user_idx')
    .on('login_failures')
    .columns(['username', 'created_at'])
    .execute();
  await db.schema.createIndex('login_failures_ip_idx').on('login_failures').columns(['ip', 'created_at']).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'login_failures',
    'email_outbox',
    'sessions',
    'site_settings',
    'admin_companies',
    'request_events',
    'repair_requests',
    'admins',
    'energy_companies',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
