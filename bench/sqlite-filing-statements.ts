// `npm run bench:sqlite-filing-statements`: SQLite's side of a filing alone (issue 40, decision
// 0074). The hot path's statements (hot-path/request-statements.ts) file varied requests
// (bench/filings.ts; two in three with an e-mail queued) into a copy of a seeded database, in
// groups as the grouped write makes them, with no HTTP server and no load generator on the
// cores: the time in the statements and in the commit, and the log's pages per filing, for the
// grouped write as it is (a savepoint per filing, the journal in memory, the search tables indexed
// after the commit by the upkeep's rounds, counted here), as it was (the search tables kept by
// triggers in the filing's transaction, 0075; before that the journal spilling to a file, 0074),
// without a savepoint per filing (tried, not kept), and with no search upkeep at all.
// The log is not checkpointed during a run (the server does that on another thread, 0073).
// Writes bench/results/sqlite-filing-statements-latest.md. Not a timed test.
// BENCH_ROWS seeded requests (100,000), BENCH_FILINGS per run (20,000), BENCH_GROUP (24), BENCH_RUNS (2).
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type SQLite from 'better-sqlite3';
import { createDatabase } from '../apps/api/src/db/database.ts';
import { migrateToLatest } from '../apps/api/src/db/migrate.ts';
import { indexOnTimer } from '../apps/api/src/db/search-upkeep.ts';
import { seedExampleCompanies } from '../apps/api/src/db/seed.ts';
import { seedRequests } from '../apps/api/src/db/seed-requests.ts';
import { prepared } from '../apps/api/src/hot-path/batching.ts';
import { rawHandles } from '../apps/api/src/hot-path/raw-handles.ts';
import { type PublicRequestValues, requestStatements } from '../apps/api/src/hot-path/request-statements.ts';
import type { Statement } from '../apps/api/src/hot-path/statements.ts';
import { filedValues } from './filings.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const FILINGS = Number(process.env.BENCH_FILINGS ?? 20_000);
const GROUP = Number(process.env.BENCH_GROUP ?? 24);
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const dir = join(tmpdir(), 'acende-sqlite-filing');
const seeded = join(dir, `seeded-${ROWS}.db`);
const file = join(dir, 'run.db');

interface Variant {
  name: string;
  savepoints: boolean;
  journalInMemory: boolean;
  /** The search tables kept by triggers in the filing's transaction (before 0075): the mark moved past every number. */
  triggers: boolean;
  /** After the filings, the upkeep's timer rounds index them (0075), counted in the time. */
  upkeep: boolean;
}
const VARIANTS: Variant[] = [
  {
    name: 'before 0074: journal spilling to a file',
    savepoints: true,
    journalInMemory: false,
    triggers: true,
    upkeep: false,
  },
  { name: '0074: journal in memory', savepoints: true, journalInMemory: true, triggers: true, upkeep: false },
  {
    name: 'tried: no savepoint per filing, journal in memory',
    savepoints: false,
    journalInMemory: true,
    triggers: true,
    upkeep: false,
  },
  {
    name: 'as now (0075): search indexed after the commit, the upkeep counted',
    savepoints: true,
    journalInMemory: true,
    triggers: false,
    upkeep: true,
  },
  { name: 'with no search upkeep at all', savepoints: true, journalInMemory: true, triggers: false, upkeep: false },
];

async function seed() {
  if (existsSync(seeded)) return;
  mkdirSync(dir, { recursive: true });
  const db = createDatabase(`sqlite:${seeded}`);
  await migrateToLatest(db);
  await seedExampleCompanies(db, new Date().toISOString());
  await seedRequests(db, { count: ROWS, now: new Date(), seed: 1 });
  const raw = rawHandles(db);
  if (raw.dialect === 'sqlite') raw.writer.pragma('wal_checkpoint(TRUNCATE)');
  await db.destroy();
}

/** One run of `variant`: filings per second, µs per filing in statements and commit, log pages per filing. */
async function runVariant(variant: Variant) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(file + suffix, { force: true });
  copyFileSync(seeded, file);
  const db = createDatabase(`sqlite:${file}`);
  try {
    const raw = rawHandles(db);
    if (raw.dialect !== 'sqlite') throw new Error('sqlite only');
    const writer: SQLite.Database = raw.writer;
    writer.pragma('wal_autocheckpoint = 0');
    if (variant.journalInMemory) writer.pragma('temp_store = memory');
    if (variant.triggers) writer.exec('update search_upkeep set indexed_through = 1e15');
    const s = requestStatements(db);
    const companyIds = (
      writer.prepare('select id from energy_companies where active = 1').all() as { id: number }[]
    ).map((c) => c.id);
    const values = filedValues(FILINGS, companyIds);
    const html = `<!doctype html><html><body>${'<p>Acende</p>'.repeat(250)}</body></html>`;
    const run = <R>(statement: Statement<R>, v: object) =>
      prepared(writer, statement.sql).get(...statement.bind(v)) as R | undefined;
    const fileOne = (v: PublicRequestValues) => {
      const company = run(s.activeCompany, v) as { name: string };
      const { id } = run(s.insertRequest, v) as { id: number };
      run(s.dueAtOf, { id });
      prepared(writer, s.insertCreatedEvent.sql).run(
        ...s.insertCreatedEvent.bind({ requestId: id, createdAt: v.createdAt }),
      );
      if (!v.email) return;
      const email = {
        ...{ kind: 'request-confirmation', toAddress: v.email, subject: `Pedido ${id} · ${company.name}` },
        ...{ textBody: html.slice(0, 1200), htmlBody: html, messageId: `<${randomBytes(12).toString('hex')}@acende>` },
        ...{ requestId: id, adminId: null, createdAt: v.createdAt },
      };
      prepared(writer, s.insertOutbox.sql).run(...s.insertOutbox.bind(email));
    };
    const [begin, commit, savepoint, release] = ['begin', 'commit', 'savepoint f', 'release f'].map((text) =>
      writer.prepare(text),
    ) as [SQLite.Statement, SQLite.Statement, SQLite.Statement, SQLite.Statement];
    let statements = 0n;
    let committing = 0n;
    const started = process.hrtime.bigint();
    for (let at = 0; at < values.length; at += GROUP) {
      const t0 = process.hrtime.bigint();
      begin.run();
      for (const v of values.slice(at, at + GROUP)) {
        if (variant.savepoints) savepoint.run();
        fileOne(v);
        if (variant.savepoints) release.run();
      }
      const t1 = process.hrtime.bigint();
      commit.run();
      statements += t1 - t0;
      committing += process.hrtime.bigint() - t1;
    }
    const indexing = process.hrtime.bigint();
    if (variant.upkeep) await indexOnTimer(db);
    const upkeep = process.hrtime.bigint() - indexing;
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const perFiling = (ns: bigint) => Math.round(Number(ns) / 1e3 / values.length);
    const pages = (statSync(`${file}-wal`).size - 32) / ((writer.pragma('page_size', { simple: true }) as number) + 24);
    return {
      rate: Math.round(values.length / seconds),
      statements: perFiling(statements),
      commit: perFiling(committing),
      upkeep: perFiling(upkeep),
      pages: pages / values.length,
    };
  } finally {
    await db.destroy();
  }
}

await seed();
const lines: string[] = [];
for (const variant of VARIANTS) {
  const runs: Awaited<ReturnType<typeof runVariant>>[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await runVariant(variant));
  const list = (pick: (r: (typeof runs)[number]) => string) => runs.map(pick).join(', ');
  const line = `| ${variant.name} | ${list((r) => r.rate.toLocaleString('en'))} | ${list((r) => String(r.statements))} | ${list((r) => String(r.commit))} | ${list((r) => String(r.upkeep))} | ${list((r) => r.pages.toFixed(1))} |`;
  console.log(line);
  lines.push(line);
}
rmSync(dir, { recursive: true, force: true });
const report = [
  `<!-- npm run bench:sqlite-filing-statements on ${new Date().toISOString()}, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), Node ${process.version} -->`,
  '# SQLite filing statements alone',
  '',
  `${FILINGS.toLocaleString('en')} varied filings into ${ROWS.toLocaleString('en')} seeded requests, in groups of ${GROUP}, ${RUNS} runs each (decisions 0074 and 0075):`,
  '',
  '| grouped write | filings/s | µs per filing in statements | µs per filing in the commit | µs per filing in the search upkeep | log pages per filing |',
  '|---|---|---|---|---|---|',
  ...lines,
  '',
].join('\n');
writeFileSync(join(import.meta.dirname, 'results', 'sqlite-filing-statements-latest.md'), report);
console.log('Written to bench/results/sqlite-filing-statements-latest.md');
