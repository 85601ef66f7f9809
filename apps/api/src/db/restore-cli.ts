// `npm run db:restore -- --in FILE [--replace]`: puts a backup made by db:backup in place as
// the database in DATABASE_URL (decision 0020). SQLite: into a new path, or over a stopped
// server's database with --replace; PostgreSQL: into an empty database made with createdb.
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, restorePostgres, restoreSqlite } from './backup.ts';
import { loadCommandConfig } from './command-config.ts';

const { values } = parseArgs({ options: { in: { type: 'string' }, replace: { type: 'boolean', default: false } } });
if (!values.in) {
  console.error('usage: npm run db:restore -- --in FILE [--replace]');
  process.exit(2);
}
const input = resolve(values.in);
const config = loadCommandConfig();
try {
  if (config.dialect === 'sqlite') {
    if (!config.sqlitePath || config.sqlitePath === ':memory:')
      throw new BackupError('Cannot restore into an in-memory database.');
    const result = restoreSqlite(input, config.sqlitePath, { replace: values.replace });
    console.log(
      `Restored ${input} to ${config.sqlitePath}: ${result.requests} requests, migrations to ${result.migration}.` +
        (result.previous ? ` The database it replaced is kept as ${result.previous}.` : ''),
    );
  } else {
    if (values.replace)
      throw new BackupError('--replace is for SQLite: on PostgreSQL, restore into a new empty database.');
    const result = await restorePostgres(input, config.DATABASE_URL);
    console.log(`Restored ${input}: ${result.requests} requests, migrations to ${result.migration}.`);
  }
  if (!process.env.APP_SECRET && !existsSync(join(resolve(config.DATA_DIR), 'app-secret'))) {
    console.log(
      `Note: ${resolve(config.DATA_DIR)} has no app-secret and APP_SECRET is unset. Give the server the APP_SECRET ` +
        'the backup was written with (or copy its DATA_DIR/app-secret here): the stored SMTP password and captcha key open only with it.',
    );
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
