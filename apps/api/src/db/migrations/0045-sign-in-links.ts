// One-time sign-in links (issue 33, decision 0042): once an account's budget of password
// checks is spent, a sign-in sends a link to its e-mail instead. One row per account: the
// live link's SHA-256 (null once spent), when it ends, and when the last one was sent, so
// a link goes out at most once per window however many sign-ins ask.
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sign_in_links')
    .addColumn('admin_id', 'integer', (c) => c.primaryKey().references('admins.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sign_in_links').execute();
}
