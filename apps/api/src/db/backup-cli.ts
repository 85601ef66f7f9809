// `npm run db:backup -- --out FILE`: an online backup of the database in DATABASE_URL while
// the server runs (SQLite's backup API, or pg_dump's custom format); decision 0020.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupPostgres, backupSqlite, type Summary } from './backup.ts';
import { loadCommandConfig } from './command-config.ts';

const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error('usage: npm run db:backup -- --out FILE');
  process.exit(2);
}
const out = resolve(values.out);
const config = loadCommandConfig();
const started = Date.now();
try {
  let summary: Summary;
  if (config.dialect === 'sqlite') {
    if (!config.sqlitePath || config.sqlitePath === ':memory:')
      throw new BackupError('An in-memory database has nothing to back up.');
    summary = await backupSqlite(config.sqlitePath, out);
  } else {
    summary = await backupPostgres(config.DATABASE_URL, out);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const content =
    summary.requests === undefined ? '' : `, ${summary.requests} requests, migrations to ${summary.migration}`;
  console.log(`Backed up to ${out}: ${summary.bytes} bytes${content}, in ${seconds} s.`);
  // The point in time the backup stands for (what a restore brings back).
  console.log(`It holds every transaction committed before ${summary.startedAt.toISOString()}.`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
