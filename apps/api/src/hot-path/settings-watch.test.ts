// The settings a filing reads, kept in memory on PostgreSQL while every change is heard
// (decision 0071): a change made anywhere (another instance's pool, plain SQL) reaches every
// instance's watch, a write here is seen at once, and without its listening connection an
// instance reads the database every time, forgetting what it kept.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, ENGINES, type TestDatabase } from '../../test/test-databases.ts';
import { writeSetting } from '../core/settings.repository.ts';
import { createDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { postgresSettingsWatch, type SettingsWatch } from './settings-watch.ts';

const KEY = 'email';

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.skipIf(!ENGINES.includes('postgres'))('the settings watch (PostgreSQL)', () => {
  let database: TestDatabase;
  let db: Db;
  const pools: pg.Pool[] = [];
  const releases: (() => Promise<void>)[] = [];

  /** One instance's watch on a pool of its own, and how many times it went to the database. */
  function instance(retryMs = 50) {
    const pool = new pg.Pool({ connectionString: database.url, max: 2 });
    pool.on('error', () => {});
    pools.push(pool);
    const watch = postgresSettingsWatch(pool, { retryMs });
    releases.push(watch.retain());
    let loads = 0;
    const read = () =>
      watch.read(KEY, async () => {
        loads += 1;
        const { rows } = await pool.query<{ value: string }>('select value from site_settings where key = $1', [KEY]);
        return rows[0]?.value ?? null;
      });
    return { pool, watch, read, loads: () => loads };
  }

  const store = (value: string) =>
    db
      .insertInto('siteSettings')
      .values({ key: KEY, value, updatedAt: new Date().toISOString() })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
      .execute();

  beforeAll(async () => {
    database = await createTestDatabase('postgres', { migrated: true });
    db = createDatabase(database.url, { poolSize: 2 });
    await migrateToLatest(db);
    await store('"first"');
  });
  afterAll(async () => {
    for (const release of releases) await release();
    for (const pool of pools) await pool.end();
    await db?.destroy();
    await database?.drop();
  });

  it('keeps a value while listening, and every instance hears a change made anywhere', async () => {
    const a = instance();
    const b = instance();
    await until(() => a.watch.listening() && b.watch.listening(), 'both listening');
    expect(await a.read()).toBe('"first"');
    expect(await a.read()).toBe('"first"');
    expect(await b.read()).toBe('"first"');
    expect(a.loads()).toBe(1);
    expect(b.loads()).toBe(1);

    // Plain SQL on a third connection, as another instance, a script or psql would.
    await store('"second"');
    await until(async () => (await a.read()) === '"second"', 'instance a reads the change');
    await until(async () => (await b.read()) === '"second"', 'instance b reads the change');
    const [loadsA, loadsB] = [a.loads(), b.loads()];
    await a.read();
    await b.read();
    expect([a.loads(), b.loads()]).toEqual([loadsA, loadsB]);
  });

  it('sees a write made through this process at once, before the notice arrives', async () => {
    const a = instance();
    await until(() => a.watch.listening(), 'listening');
    await a.read();
    await writeSetting(db, KEY, 'third', new Date().toISOString());
    expect(await a.read()).toBe('"third"');
  });

  it('does not keep a value read before a change that is heard after it', async () => {
    const a = instance();
    await until(() => a.watch.listening(), 'listening');
    await store('"before"');
    // Kept: a read answers it without going to the database. Only the next notice then makes the
    // watch read '"during"' below (had it not been kept, a read could load the new value before
    // the notice arrived, and the slow read would rightly be kept: CI failed on that once).
    await until(async () => {
      const before = a.loads();
      return (await a.read()) === '"before"' && a.loads() === before;
    }, 'the old value kept');
    let loads = 0;
    const slowRead = () =>
      a.watch.read('slow', async () => {
        loads += 1;
        const value = loads === 1 ? 'stale' : 'fresh';
        // The change commits and is heard while the first read is still under way.
        if (loads === 1) {
          const before = a.loads();
          await store('"during"');
          await until(async () => (await a.read()) === '"during"' && a.loads() > before, 'heard during the read');
        }
        return value;
      });
    expect(await slowRead()).toBe('stale');
    expect(await slowRead()).toBe('fresh');
    expect(loads).toBe(2);
  });

  it('reads the database every time while its connection is gone, forgets what it kept, and listens again', async () => {
    const a = instance(200);
    await until(() => a.watch.listening(), 'listening');
    await store('"kept"');
    await until(async () => (await a.read()) === '"kept"', 'kept');
    const { rows } = await a.pool.query<{ pid: number }>(
      `select pid from pg_stat_activity where query = 'listen acende_settings' and datname = current_database()`,
    );
    expect(rows.length).toBeGreaterThan(0);
    // Every listener of the database ends; a change made while nobody listens.
    await a.pool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen acende_settings' and datname = current_database()`,
    );
    await until(() => !a.watch.listening(), 'stopped listening');
    await store('"missed"');
    const before = a.loads();
    expect(await a.read()).toBe('"missed"');
    expect(await a.read()).toBe('"missed"');
    expect(a.loads()).toBe(before + 2);
    await until(() => a.watch.listening(), 'listening again', 3000);
    await a.read();
    const after = a.loads();
    await a.read();
    expect(a.loads()).toBe(after);
  });

  it('closes its connection when the last app lets go', async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    // pool.end() resolves before its connection has closed; the database's drop may end it first.
    pool.on('error', () => {});
    pools.push(pool);
    const watch: SettingsWatch = postgresSettingsWatch(pool);
    const count = async () =>
      Number(
        (
          await pool.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where query = 'listen acende_settings' and datname = current_database()`,
          )
        ).rows[0]?.n,
      );
    // The other tests' watches are still retained; this one's connection comes and goes on its own.
    const others = await count();
    const first = watch.retain();
    const second = watch.retain();
    await until(() => watch.listening(), 'listening');
    expect(await count()).toBe(others + 1);
    await first();
    expect(watch.listening()).toBe(true);
    await second();
    expect(watch.listening()).toBe(false);
    await until(async () => (await count()) === others, 'its connection closed');
  });
});
