// Decision 0044: exports read from a database of their own, so a long export statement neither
// holds the event loop (SQLite: a worker thread) nor takes the public calls' pool (PostgreSQL).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type Engine, type TestDatabase } from '../../test/test-databases.ts';
import { createDatabase, type Db } from './database.ts';
import { createExportReads, EXPORT_READ_CONNECTIONS } from './export-reads.ts';

function withDatabases(engine: Engine, poolSize: number) {
  const held: { database?: TestDatabase; db?: Db; reads?: Db } = {};
  beforeAll(async () => {
    held.database = await createTestDatabase(engine, { migrated: true });
    held.db = createDatabase(held.database.url, { poolSize });
    held.reads = createExportReads(held.database.url, held.db);
  });
  afterAll(async () => {
    await held.reads?.destroy();
    await held.db?.destroy();
    await held.database?.drop();
  });
  return () => held as Required<typeof held>;
}

/** How many turns the event loop took while `work` ran. */
async function turnsDuring(work: Promise<unknown>): Promise<number> {
  let turns = 0;
  let done = false;
  const spin = () => {
    turns += 1;
    if (!done) setImmediate(spin);
  };
  setImmediate(spin);
  await work.finally(() => {
    done = true;
  });
  return turns;
}

describe('export reads [sqlite]', () => {
  const ctx = withDatabases('sqlite', 1);

  it('reads what the main connection has just written', async () => {
    const { db, reads } = ctx();
    const now = new Date().toISOString();
    await db
      .insertInto('energyCompanies')
      .values({ name: 'Luz do Norte', fullName: 'Luz do Norte S.A.', createdAt: now, updatedAt: now })
      .execute();
    const names = await reads.selectFrom('energyCompanies').select('name').execute();
    expect(names.map((n) => n.name)).toContain('Luz do Norte');
  });

  it('leaves the event loop turning while a long statement runs', async () => {
    const { reads } = ctx();
    // A few hundred milliseconds of SQLite's time: on the main connection not one turn passes.
    const long = sql<{ n: number }>`with recursive n(i) as (select 1 union all select i + 1 from n where i < 2000000)
      select count(*) as n from n`.execute(reads);
    const turns = await turnsDuring(long);
    expect((await long).rows).toEqual([{ n: 2_000_000 }]);
    expect(turns).toBeGreaterThan(10);
  });

  it('refuses to write and says why, then answers the next read', async () => {
    const { reads } = ctx();
    await expect(sql`delete from energy_companies`.execute(reads)).rejects.toThrow(/does not return data|readonly/);
    expect((await sql<{ one: number }>`select 1 as one`.execute(reads)).rows).toEqual([{ one: 1 }]);
  });
});

describe.runIf(ENGINES.includes('postgres'))('export reads [postgres]', () => {
  const ctx = withDatabases('postgres', 2);

  it('leaves the main pool free while export statements hold every connection of their own', async () => {
    const { db, reads } = ctx();
    const finished: string[] = [];
    // More slow export statements than either pool has connections.
    const slow = Array.from({ length: EXPORT_READ_CONNECTIONS + 3 }, (_, i) =>
      sql`select pg_sleep(0.3)`.execute(reads).then(() => finished.push(`export ${i}`)),
    );
    await sql`select 1`.execute(db);
    finished.push('main');
    await Promise.all(slow);
    expect(finished[0]).toBe('main');
  });
});
