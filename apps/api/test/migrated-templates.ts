// The API project's global setup: every migration run once per engine on a fresh database,
// kept as a template that each suite's database copies (test-databases.ts), instead of
// 30 migrations again for each of ~60 suites on each engine. Dropped when the run ends.
import type { TestProject } from 'vitest/node';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { createTestDatabase, ENGINES, type MigratedTemplates, type TestDatabase } from './test-databases.ts';

export default async function setup(project: TestProject) {
  const made: TestDatabase[] = [];
  const templates: Partial<MigratedTemplates> = {};
  for (const engine of ENGINES) {
    const database = await createTestDatabase(engine);
    made.push(database);
    const db = createDatabase(database.url, { poolSize: 1 });
    try {
      await migrateToLatest(db);
    } finally {
      // Closed before any copy: SQLite folds its WAL back into the file, and PostgreSQL
      // refuses a template someone is connected to.
      await db.destroy();
    }
    if (engine === 'sqlite') templates.sqlite = database.url.slice('sqlite:'.length);
    else templates.postgres = new URL(database.url).pathname.slice(1);
  }
  project.provide('migratedTemplates', templates as MigratedTemplates);
  return async () => {
    for (const database of made) await database.drop();
  };
}
