// PostgreSQL tells every instance when a setting changes (issue 40, decision 0071): a trigger
// on site_settings notifies `acende_settings` with the key once the change commits, whoever
// wrote it, so an instance may keep the settings a filing reads in memory while it listens
// (hot-path/settings-watch.ts). SQLite has one instance: nothing to tell.
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`create function acende_settings_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('acende_settings', coalesce(new.key, old.key));
      return null;
    end $$`.execute(db);
  await sql`create trigger site_settings_changed after insert or update or delete on site_settings
    for each row execute function acende_settings_changed()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await sql`drop trigger if exists site_settings_changed on site_settings`.execute(db);
  await sql`drop function if exists acende_settings_changed()`.execute(db);
}
