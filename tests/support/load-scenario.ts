// Item 1 of issue 9: 50 connections filing and reading back requests against the built
// server; afterwards no 5xx, no busy database in the log, every number unique and the
// rows stored equal to the 201 answers.
import { expect } from 'vitest';
import { busyLines, count5xx, fileAndReadLoad } from './load.ts';
import { type Engine, startFresh } from './server.ts';
import { record } from './summary.ts';

export async function loadScenario(engine: Engine, seconds: number): Promise<void> {
  const { server, database, close } = await startFresh(engine, { label: 'load', env: { LOG_LEVEL: 'warn' } });
  try {
    const result = await fileAndReadLoad(server.url, { seconds, connections: 50, exact: true });
    const ids = result.created.map((c) => c.id);
    const rows = (await database.query<{ n: number | string }>('select count(*) as n from repair_requests'))[0]?.n;
    record(
      `load [${engine}] ${seconds}s x50: ${result.requests} requests (${ids.length} filed, ${result.reads} read back), ` +
        `statuses ${JSON.stringify(result.statuses)}, rows ${rows}, errors ${result.errors}, timeouts ${result.timeouts}`,
    );
    expect(count5xx(result.statuses), JSON.stringify(result.statuses)).toBe(0);
    expect(result.errors + result.timeouts).toBe(0);
    expect(ids.length).toBeGreaterThan(seconds * 5);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Number(rows)).toBe(ids.length);
    expect(result.readFailures).toBe(0);
    expect(busyLines(server.output())).toEqual([]);
    expect(server.output()).not.toMatch(/"level":50/);
  } finally {
    await close();
  }
}
