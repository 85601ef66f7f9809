// Two-factor sign-in (issue 24, decision 0026): each account's TOTP secret (sealed), the
// last time step it accepted (replay is refused by a conditional update), its hashed
// one-time recovery codes, and the sign-ins waiting for their second factor.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('admin_two_factor')
    .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admins.id').onDelete('cascade'))
    // AES-256-GCM under APP_SECRET (lib/secret-box.ts), never the plain secret.
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    // Null while enrolment waits for its confirming code.
    .addColumn('enabled_at', 'text')
    // The last accepted TOTP time step (Unix seconds / 30): only a later one is accepted.
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('admin_recovery_codes')
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('admin_recovery_codes_pk', ['admin_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('pending_sign_ins')
    .addColumn('id_hash', 'text', (c) => c.primaryKey())
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('admins.id').onDelete('cascade'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('pending_sign_ins_expires_idx').on('pending_sign_ins').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see above
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pending_sign_ins').execute();
  await db.schema.dropTable('admin_recovery_codes').execute();
  await db.schema.dropTable('admin_two_factor').execute();
}
