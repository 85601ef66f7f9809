// Photos on a repair request (issue 22, decision 0033). The server's re-encoded JPEG and its
// thumbnail are kept in the row by default (every instance reads them); with PHOTO_STORE=dir
// the row names the files instead. photo_count on the request is what the limit of three is
// taken from, by a conditional UPDATE, so racing uploads cannot make a fourth.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  const pg = dialectOf(db) === 'postgres';
  const bytes = pg ? 'bytea' : 'blob';
  await db.schema
    .alterTable('repair_requests')
    .addColumn('photo_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('request_photos')
    .addColumn('id', 'integer', (c) =>
      pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    )
    .addColumn('request_id', 'integer', (c) => c.notNull().references('repair_requests.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 3`))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    // 'db': the bytes below; 'dir': files under PHOTO_DIR named by storage_key.
    .addColumn('storage', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('data', bytes)
    .addColumn('thumb', bytes)
    .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('request_photos_position_uq', ['request_id', 'position'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_photos').execute();
  await db.schema.alterTable('repair_requests').dropColumn('photo_count').execute();
}
