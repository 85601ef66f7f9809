// A citizen's rating of a completed repair (issue 35, decision 0050): 1–5 and an optional
// comment that only operators see. One per request, by the primary key, so two submits at once
// store one. A rating changes the open-data files (their score column): it bumps the feed's
// change counter as the writes of requests do (0049).
import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../database.ts';

const SHARDS = 16;

// biome-ignore lint/suspicious/noExplicitAny: migrations are frozen in time and must not depend on the current schema types
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('request_ratings')
    .addColumn('request_id', 'integer', (c) => c.primaryKey().references('repair_requests.id'))
    .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 5`))
    .addColumn('comment', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // The transparency figures and the report read ratings by the time they were given.
  await db.schema.createIndex('request_ratings_created_idx').on('request_ratings').column('created_at').execute();
  if (dialectOf(db) === 'postgres') {
    await sql`create trigger request_ratings_feed_changes after insert or update or delete on request_ratings
      for each statement execute function bump_feed_changes()`.execute(db);
    return;
  }
  for (const [event, row] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ]) {
    await sql
      .raw(
        `create trigger request_ratings_feed_changes_${event} after ${event} on request_ratings
         begin update feed_changes set n = n + 1 where shard = ${row}.request_id % ${SHARDS}; end`,
      )
      .execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('request_ratings').execute();
}
